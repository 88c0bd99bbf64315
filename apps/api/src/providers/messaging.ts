import type { AppDeps } from '../app.js';
import { OutboxMailProvider, SmtpMailProvider, type MailProvider } from './mail/mail.js';
import { HttpSmsProvider, OutboxSmsProvider, type SmsProvider } from './sms/sms.js';

export interface Messaging {
  mail: MailProvider;
  sms: SmsProvider;
}

/** The mail and SMS providers the configuration names (config.ts keeps outboxes out of production). */
export function createMessaging(deps: AppDeps, log: (line: string) => void): Messaging {
  const { config, db } = deps;
  const needs = (name: string): never => {
    throw new Error(`${name} is required by the configured provider`);
  };
  const mail: MailProvider =
    config.MAIL_PROVIDER === 'smtp' ? new SmtpMailProvider(config.SMTP_URL ?? needs('SMTP_URL'), config.MAIL_FROM) : new OutboxMailProvider(db, log);
  const sms: SmsProvider =
    config.SMS_PROVIDER === 'http' ? new HttpSmsProvider(config.SMS_HTTP_URL ?? needs('SMS_HTTP_URL'), config.SMS_HTTP_TOKEN) : new OutboxSmsProvider(db, log);
  return { mail, sms };
}
