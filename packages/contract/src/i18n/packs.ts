import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '../common/languages.js';

export type LanguagePack = Record<string, string>;

export const PACKS_DIR = path.join(import.meta.dirname, 'packs');

/**
 * The packs shipped in the repository, merged from one folder per namespace
 * (`packs/<namespace>/<lang>.json`: platform, app, account, catalogue …). The server seeds its
 * database from them; the app gets them through /user/getLangBag. Node only.
 */
export function loadBundledPacks(): Record<Language, LanguagePack> {
  const namespaces = fs.readdirSync(PACKS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const packs = Object.fromEntries(LANGUAGES.map((l) => [l, {} as LanguagePack])) as Record<Language, LanguagePack>;
  for (const ns of namespaces) {
    for (const lang of LANGUAGES) {
      const file = path.join(PACKS_DIR, ns, `${lang}.json`);
      if (!fs.existsSync(file)) throw new Error(`Language pack ${ns}/${lang}.json is missing`);
      const pack = JSON.parse(fs.readFileSync(file, 'utf8')) as LanguagePack;
      for (const [key, text] of Object.entries(pack)) {
        if (key in packs[lang]) throw new Error(`Key ${key} of ${ns}/${lang}.json is defined twice`);
        packs[lang][key] = text;
      }
    }
  }
  return packs;
}
