import { getLanguagePack } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { responseCache } from '../../lib/cache.js';
import { languagePackFor } from './lang.service.js';

export function langRoutes({ handle, deps, app }: Api): void {
  // A text changed through any process (or a pack a new release stored) reaches this one's packs and messages.
  const stopFollowing = deps.languagePacks.follow(deps.db, deps.i18n, (e) => app.log.warn({ err: e }, 'reading the language packs again failed'));
  app.addHook('onClose', async () => stopFollowing());
  handle(getLanguagePack, ({ actor, query }) => languagePackFor(deps.languagePacks, actor, query, (data) => responseCache(deps).serialized(getLanguagePack, data)));
}
