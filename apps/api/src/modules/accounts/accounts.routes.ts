import {
  bindMobile,
  bindMobileOrEmail,
  changeEmail,
  changeMobile,
  changePassword,
  checkAccountAvailable,
  findInviter,
  getAccountSettingsPage,
  getDefaultCallingCode,
  getLinkedAccountsPage,
  getPaySettingsPage,
  getProfile,
  getShareImage,
  getUserSettingsPage,
  listCountryCodes,
  login,
  logout,
  refreshToken,
  register,
  registerInternational,
  resetForgottenPassword,
  saveProfile,
  setPayPassword,
} from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import type { Actor } from '../../lib/actor.js';
import * as service from './accounts.service.js';
import { areaPre, listCountries } from '../members/countries.js';
import { securityNotices } from '../members/security-notice.js';
import { settingsPage, type SettingsPageKind } from './settings-pages.js';

/** Registration, sessions, profile, security settings, countries and the settings pages. */
export function accountsRoutes(api: Api): void {
  const { deps } = api;
  const { db, i18n } = deps;
  const strict = { rateLimit: { max: 20, timeWindow: 60_000 } };
  const notices = securityNotices(deps.providers, i18n, (err) => api.app.log.warn({ err }, 'a security notice could not be delivered'));
  const security: service.SecurityDeps = { db, secrets: deps.secrets, notices };

  api.handle(register, ({ actor, body }) => service.registerMember(deps, actor, body), strict);
  api.handle(registerInternational, ({ actor, body }) => service.registerMember(deps, actor, body), strict);
  api.handle(login, ({ actor, body }) => service.loginMember(deps, actor, body), strict);
  api.handle(refreshToken, ({ actor, body }) => service.refreshSession(deps, actor, body), strict);
  api.handle(findInviter, ({ actor, body }) => service.findInviter(db, actor, body), strict);
  api.handle(resetForgottenPassword, ({ actor, body }) => service.resetForgottenPassword(security, actor, body), strict);
  api.handle(logout, ({ actor }) => service.logout(db, actor));

  api.handle(getProfile, ({ actor }) => service.getProfile(db, actor));
  api.handle(saveProfile, ({ actor, body }) => service.saveProfile(db, actor, body));
  api.handle(getShareImage, ({ actor }) => service.shareInfo(deps, actor));
  api.handle(checkAccountAvailable, ({ body }) => service.isAccountAvailable(body), strict);

  api.handle(changePassword, ({ actor, body }) => service.changePassword(security, actor, body), strict);
  api.handle(setPayPassword, ({ actor, body }) => service.setPayPassword(security, actor, body), strict);
  api.handle(changeMobile, ({ actor, body }) => service.changeContact(security, actor, body), strict);
  api.handle(bindMobile, ({ actor, body }) => service.changeContact(security, actor, body), strict);
  api.handle(changeEmail, ({ actor, body }) => service.changeContact(security, actor, body), strict);
  api.handle(bindMobileOrEmail, ({ actor, body }) => service.changeContact(security, actor, body), strict);

  api.handle(listCountryCodes, ({ actor }) => listCountries(actor.lang));
  api.handle(getDefaultCallingCode, ({ actor, query }) => areaPre(actor.lang, query.country));

  const page = (kind: SettingsPageKind) => async ({ actor }: { actor: Actor }) => settingsPage(kind, await service.getProfile(db, actor), actor.lang, i18n);
  api.handle(getUserSettingsPage, page('user'));
  api.handle(getAccountSettingsPage, page('account'));
  api.handle(getPaySettingsPage, page('pay'));
  api.handle(getLinkedAccountsPage, page('linked'));
}
