import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { OutboxMailProvider, SmtpMailProvider } from './mail/mail.js';
import { createGateways, readGatewaySettings } from '../modules/payments/gateways/registry.js';
import { ecbRateSource } from '../modules/rates/ecb.js';
import { HttpSmsProvider, OutboxSmsProvider } from './sms/sms.js';
import { createFileStorage } from './storage/create.js';
import { Kuaidi100Tracker } from './tracking/kuaidi100.js';
import { Track17Tracker } from './tracking/track17.js';

export type { Providers } from './providers.js';
import type { Providers } from './providers.js';

/** The providers the configuration names (config.ts keeps development-only ones out of production). */
export function createProviders(config: Config, db: Database, log: (line: string) => void): Providers {
  const needs = (name: string): never => {
    throw new Error(`${name} is required by the configured provider`);
  };
  const gateways = createGateways(readGatewaySettings(config.env, config.NODE_ENV), { publicUrl: publicBaseUrl(config), nodeEnv: config.NODE_ENV });
  return {
    mail: config.MAIL_PROVIDER === 'smtp' ? new SmtpMailProvider(config.SMTP_URL ?? needs('SMTP_URL'), config.MAIL_FROM) : new OutboxMailProvider(db, log),
    sms: config.SMS_PROVIDER === 'http' ? new HttpSmsProvider(config.SMS_HTTP_URL ?? needs('SMS_HTTP_URL'), config.SMS_HTTP_TOKEN) : new OutboxSmsProvider(db, log),
    storage: createFileStorage(config),
    payments: gateways.adapters,
    paymentSandboxes: gateways.fakes,
    exchangeRates: ecbRateSource(),
    parcelTracking: {
      ...(config.KUAIDI100_CUSTOMER && config.KUAIDI100_KEY ? { kuaidi100: new Kuaidi100Tracker({
              customer: config.KUAIDI100_CUSTOMER,
              key: config.KUAIDI100_KEY,
              baseUrl: config.KUAIDI100_URL,
              ...(config.KUAIDI100_SALT ? { callback: { url: `${publicBaseUrl(config)}/webhooks/kuaidi100`, salt: config.KUAIDI100_SALT } } : {}),
            }) } : {}),
      ...(config.TRACK17_TOKEN ? { '17track': new Track17Tracker({ token: config.TRACK17_TOKEN, baseUrl: config.TRACK17_URL }) } : {}),
    },
  };
}

/** Where the shop is reached from outside (return and notification addresses): PUBLIC_URL, else this process's own address. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
