import { getLanguagePack } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { responseCache } from '../../lib/cache.js';
import { languagePackFor } from './lang.service.js';

export function langRoutes({ handle, deps }: Api): void {
  handle(getLanguagePack, ({ actor, query }) => languagePackFor(deps.languagePacks, actor, query, (data) => responseCache(deps).serialized(getLanguagePack, data)));
}
