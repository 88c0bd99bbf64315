import type { MailProvider } from './mail/mail.js';
import type { SmsProvider } from './sms/sms.js';

/** What sends codes and notices: the app's `deps.providers` (built once in deps.ts) is one. */
export interface Messaging {
  mail: MailProvider;
  sms: SmsProvider;
}
