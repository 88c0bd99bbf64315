import type { Language } from '../common/languages.js';
import enUs from './packs/en-us.json' with { type: 'json' };
import zhCn from './packs/zh-cn.json' with { type: 'json' };
import zhTw from './packs/zh-tw.json' with { type: 'json' };
import jp from './packs/jp.json' with { type: 'json' };
import may from './packs/may.json' with { type: 'json' };
import hu from './packs/hu.json' with { type: 'json' };
import id from './packs/id.json' with { type: 'json' };
import km from './packs/km.json' with { type: 'json' };
import th from './packs/th.json' with { type: 'json' };

export type LanguagePack = Record<string, string>;

/**
 * The packs shipped in the repository: the server seeds its database from them, and the app
 * bundles none of them (it fetches them with /user/getLangBag) except through this module in tests.
 */
export const bundledPacks: Record<Language, LanguagePack> = {
  'en-us': enUs, 'zh-cn': zhCn, 'zh-tw': zhTw, jp, may, hu, id, km, th,
};
