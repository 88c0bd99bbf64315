import { maskContact, type Language, type SettingsPage, type User } from '@shop/contract';
import type { Translator } from '../../lib/i18n.js';

type Entry = SettingsPage['entries'][number];
export type SettingsPageKind = 'user' | 'account' | 'pay' | 'linked';

/** The rows of each settings page, with the member's state, so the app shows them as they come. */
export function settingsPage(kind: SettingsPageKind, user: User, lang: Language, i18n: Translator): SettingsPage {
  const t = (key: string) => i18n.t(lang, `account.settings.${key}`);
  const state = (done: boolean) => t(done ? 'set' : 'notSet');
  const row = (key: string, value: string, path: string, done: boolean): Entry => ({ key, label: t(key), value, path, done });
  const email = row('email', user.email ? maskContact(user.email) : state(false), '/pages/other/setting?section=email', !!user.email);
  // A phone typed at registration shows as not confirmed until a code sent to it confirms it.
  const unconfirmed = user.unverified_mobile ? i18n.t(lang, 'account.settings.mobileUnconfirmed', { phone: `+${user.unverified_mobile_pre} ${maskContact(user.unverified_mobile)}` }) : undefined;
  const mobile = row('mobile', user.mobile ? `+${user.mobile_pre} ${maskContact(user.mobile)}` : (unconfirmed ?? state(false)), '/pages/other/setting?section=mobile', !!user.mobile);
  const realName = row('realName', t(`realName.${user.real_name_status}`), '/pages/other/setting?section=realName', user.real_name_status === 'approved');
  const password = row('password', '', '/pages/other/editPass', true);
  const payPassword = row('payPassword', state(user.has_pay_password), '/pages/other/setting?section=payPassword', user.has_pay_password);
  const google = row('google', state(user.google_bound), '/pages/other/setting?section=google', user.google_bound);
  const cancel = row('cancel', '', '/pages/login/logOff/index', false);
  const entries: Record<SettingsPageKind, Entry[]> = {
    user: [row('account', user.user_name, '/pages/other/setting?section=account', true), row('security', '', '/pages/other/setting?section=security', true), realName, cancel],
    account: [row('nickname', user.nickname, '/pages/other/setting?section=account', true), email, mobile, realName],
    pay: [password, payPassword, google],
    linked: [email, mobile, google],
  };
  return { user, entries: entries[kind] };
}
