import { getRealName, getRealNameKind, listDocumentTypes, listRealNameCountries, submitRealName, submitRealNameInternational } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { listCountries } from '../members/countries.js';
import * as service from './certification.service.js';

/** Real-name checks: submit (mainland or international), read one's own record, and the form's lists. */
export function certificationRoutes(api: Api): void {
  const { db, i18n } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(submitRealName, ({ member, body }) => service.submitRealName(db, member!.userId, 'mainland', body), strict);
  api.handle(submitRealNameInternational, ({ member, body }) => service.submitRealName(db, member!.userId, 'international', body), strict);
  api.handle(getRealName, ({ member, query }) => service.realNameInfo(db, member!.userId, query.id));
  api.handle(listDocumentTypes, ({ ctx }) => service.documentTypes(i18n, ctx.lang));
  api.handle(listRealNameCountries, ({ ctx }) => listCountries(ctx.lang).filter((c) => c.code !== 'CN'));
  api.handle(getRealNameKind, ({ member }) => service.realNameKind(db, member!.userId));
}
