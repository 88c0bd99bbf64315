import { maskContact, type Language } from '@shop/contract';
import type { Translator } from '../../lib/i18n.js';
import type { Messaging } from '../../providers/messaging.js';
import type { UserRow } from './members.table.js';
import { emailDestination, phoneDestination } from './identity.js';

/** A change the member is told of at the contact they had before it. */
export type SecurityChange = 'email' | 'mobile' | 'password' | 'twoFactor' | 'twoFactorRemoved' | 'payPassword';

type Contact = Pick<UserRow, 'user_name' | 'email' | 'mobile' | 'mobile_pre'>;

export interface SecurityNotices {
  /** Tells the member, at the contact they had `before` the change, what changed (never throws). */
  send(before: Contact, change: SecurityChange, lang: Language, params?: { to?: string }): Promise<void>;
}

/**
 * Notices of security changes through the configured mail and SMS providers, in the member's
 * language. An e-mail change is told to the old e-mail, a mobile change to the old phone (either
 * falls back to the other contact), so whoever took over a session cannot silently move them.
 */
export function securityNotices(messaging: Messaging, i18n: Translator, log: (error: unknown) => void): SecurityNotices {
  return {
    async send(before, change, lang, params = {}) {
      const email = before.email ? emailDestination(before.email) : undefined;
      const phone = before.mobile && before.mobile_pre ? phoneDestination(before.mobile_pre, before.mobile) : undefined;
      const text = i18n.t(lang, `account.notice.${change}`, { user: before.user_name, to: params.to ? maskContact(params.to) : '' });
      // A mobile change goes to the old phone first; everything else to the e-mail first.
      const viaMail = email && (change !== 'mobile' || !phone) ? email : undefined;
      try {
        if (viaMail) await messaging.mail.send({ to: viaMail, subject: i18n.t(lang, 'account.notice.subject'), text });
        else if (phone) await messaging.sms.send({ to: phone, text });
      } catch (e) {
        // The change itself is done; a lost notice is logged, not turned into a failed request.
        log(e);
      }
    },
  };
}
