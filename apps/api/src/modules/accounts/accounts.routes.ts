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
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../plugins/routes.js';
import type { RequestContext } from '../../plugins/context.js';
import * as service from './accounts.service.js';
import { areaPre, listCountries } from './countries.js';
import { securityNotices } from './security-notice.js';
import { settingsPage, type SettingsPageKind } from './settings-pages.js';

const actorOf = (ctx: RequestContext, request: FastifyRequest): service.Actor => ({ ip: ctx.ip, lang: ctx.lang, userAgent: request.headers['user-agent'] });

/** Registration, sessions, profile, security settings, countries and the settings pages. */
export function accountsRoutes(api: Api): void {
  const { db, config, i18n } = api.deps;
  const strict = { rateLimit: { max: 20, timeWindow: 60_000 } };
  const notices = securityNotices(api.deps.providers, i18n, (err) => api.app.log.warn({ err }, 'a security notice could not be delivered'));
  const security: service.SecurityDeps = { db, secrets: api.deps.secrets, notices };

  api.handle(register, ({ body, ctx, request }) => service.registerMember(db, config, actorOf(ctx, request), body), strict);
  api.handle(registerInternational, ({ body, ctx, request }) => service.registerMember(db, config, actorOf(ctx, request), body), strict);
  api.handle(login, ({ body, ctx, request }) => service.loginMember(db, config, actorOf(ctx, request), body), strict);
  api.handle(refreshToken, ({ body, ctx, request }) => service.refreshSession(db, config, actorOf(ctx, request), body.token), strict);
  api.handle(findInviter, ({ body }) => service.findInviter(db, body.invite_code), strict);
  api.handle(resetForgottenPassword, ({ body, ctx, request }) => service.resetForgottenPassword(security, actorOf(ctx, request), body), strict);
  api.handle(logout, ({ member }) => service.logout(db, member!.sessionId));

  api.handle(getProfile, ({ member }) => service.getProfile(db, member!.userId));
  api.handle(saveProfile, ({ member, body }) => service.saveProfile(db, member!.userId, body));
  api.handle(getShareImage, ({ member }) => service.shareInfo(db, config, member!.userId));
  api.handle(checkAccountAvailable, ({ body }) => service.isAccountAvailable(body), strict);

  api.handle(changePassword, ({ member, body, ctx, request }) => service.changePassword(security, actorOf(ctx, request), member!.userId, body), strict);
  api.handle(setPayPassword, ({ member, body, ctx, request }) => service.setPayPassword(security, actorOf(ctx, request), member!.userId, body), strict);
  api.handle(changeMobile, ({ member, body, ctx, request }) => service.changeContact(security, actorOf(ctx, request), member!.userId, body), strict);
  api.handle(bindMobile, ({ member, body, ctx, request }) => service.changeContact(security, actorOf(ctx, request), member!.userId, body), strict);
  api.handle(changeEmail, ({ member, body, ctx, request }) => service.changeContact(security, actorOf(ctx, request), member!.userId, body), strict);
  api.handle(bindMobileOrEmail, ({ member, body, ctx, request }) => service.changeContact(security, actorOf(ctx, request), member!.userId, body), strict);

  api.handle(listCountryCodes, ({ ctx }) => listCountries(ctx.lang));
  api.handle(getDefaultCallingCode, ({ query, ctx }) => areaPre(ctx.lang, query.country));

  const page = (kind: SettingsPageKind) => async ({ member, ctx }: { member?: { userId: number }; ctx: RequestContext }) =>
    settingsPage(kind, await service.getProfile(db, member!.userId), ctx.lang, i18n);
  api.handle(getUserSettingsPage, page('user'));
  api.handle(getAccountSettingsPage, page('account'));
  api.handle(getPaySettingsPage, page('pay'));
  api.handle(getLinkedAccountsPage, page('linked'));
}
