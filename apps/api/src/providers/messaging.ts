import type { AppDeps } from '../app.js';
import type { MailProvider } from './mail/mail.js';
import type { SmsProvider } from './sms/sms.js';

export interface Messaging {
  mail: MailProvider;
  sms: SmsProvider;
}

/** The app's mail and SMS providers (built once in deps.ts; `log` is no longer used and stays for callers). */
export function createMessaging(deps: Pick<AppDeps, 'providers'>, _log?: (line: string) => void): Messaging {
  return deps.providers;
}
