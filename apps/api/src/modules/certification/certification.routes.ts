import { getRealName, getRealNameKind, listDocumentTypes, listRealNameCountries, submitRealName, submitRealNameInternational } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { listCountriesHomeFirst } from '../members/countries.js';
import * as service from './certification.service.js';

/** Real-name checks: submit (mainland or international), read one's own record, and the form's lists. */
export function certificationRoutes(api: Api): void {
  const { db, i18n } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(submitRealName, ({ actor, body }) => service.submitRealName(db, actor, { ...body, kind: 'mainland' }), strict);
  api.handle(submitRealNameInternational, ({ actor, body }) => service.submitRealName(db, actor, { ...body, kind: 'international' }), strict);
  api.handle(getRealName, ({ actor, query }) => service.realNameInfo(db, actor, query));
  api.handle(listDocumentTypes, ({ actor }) => service.documentTypes(i18n, actor.lang));
  // The reader's own country first; the mainland has a form of its own and is not in this list.
  api.handle(listRealNameCountries, ({ actor }) => listCountriesHomeFirst(actor.lang).filter((c) => c.code !== 'CN'));
  api.handle(getRealNameKind, ({ actor }) => service.realNameKind(db, actor));
}
