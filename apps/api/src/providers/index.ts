import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { OutboxMailProvider, SmtpMailProvider, type MailProvider } from './mail/mail.js';
import type { PaymentGateway } from './payment/gateway.js';
import type { ExchangeRateSource } from './rates/rates.js';
import { ecbRateSource } from '../modules/rates/ecb.js';
import { HttpSmsProvider, OutboxSmsProvider, type SmsProvider } from './sms/sms.js';
import { createFileStorage, type FileStorage } from './storage/storage.js';
import { Kuaidi100Tracker } from './tracking/kuaidi100.js';
import { Track17Tracker } from './tracking/track17.js';
import type { ParcelTrackers } from './tracking/tracking.js';

/**
 * Everything the shop talks to outside itself, built once from the configuration (deps.ts) and
 * handed to modules through `AppDeps.providers`; tests replace any of them (buildTestApp).
 */
export interface Providers {
  mail: MailProvider;
  sms: SmsProvider;
  storage: FileStorage;
  /** Payment gateways by name; empty until the payments area adds its adapters. */
  payments: Partial<Record<string, PaymentGateway>>;
  /** Exchange-rate feed; set by the rates area. */
  exchangeRates?: ExchangeRateSource;
  /** Parcel tracking providers by name (`kuaidi100`, `17track`), those configured; `manual` needs none. */
  parcelTracking: ParcelTrackers;
}

/** The providers the configuration names (config.ts keeps development-only ones out of production). */
export function createProviders(config: Config, db: Database, log: (line: string) => void): Providers {
  const needs = (name: string): never => {
    throw new Error(`${name} is required by the configured provider`);
  };
  return {
    mail: config.MAIL_PROVIDER === 'smtp' ? new SmtpMailProvider(config.SMTP_URL ?? needs('SMTP_URL'), config.MAIL_FROM) : new OutboxMailProvider(db, log),
    sms: config.SMS_PROVIDER === 'http' ? new HttpSmsProvider(config.SMS_HTTP_URL ?? needs('SMS_HTTP_URL'), config.SMS_HTTP_TOKEN) : new OutboxSmsProvider(db, log),
    storage: createFileStorage(config),
    payments: {},
    exchangeRates: ecbRateSource(),
    parcelTracking: {
      ...(config.KUAIDI100_CUSTOMER && config.KUAIDI100_KEY ? { kuaidi100: new Kuaidi100Tracker({ customer: config.KUAIDI100_CUSTOMER, key: config.KUAIDI100_KEY, baseUrl: config.KUAIDI100_URL }) } : {}),
      ...(config.TRACK17_TOKEN ? { '17track': new Track17Tracker({ token: config.TRACK17_TOKEN, baseUrl: config.TRACK17_URL }) } : {}),
    },
  };
}
