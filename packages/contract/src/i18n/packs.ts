import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '../common/languages.js';

export type LanguagePack = Record<string, string>;

export const PACKS_DIR = path.join(import.meta.dirname, 'packs');

/**
 * Namespaces named `console-<area>` hold the operator console's own screens: the console bundles
 * them (one language at a time), and the API neither serves them to the app nor translates with
 * them. (`console` itself holds what the API writes for operators, such as CSV headers.)
 */
export const isConsoleNamespace = (ns: string): boolean => ns.startsWith('console-');

const namespaces = () => fs.readdirSync(PACKS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

/** The packs of `namespaces`, merged per language; a key defined twice or a missing file is an error. */
function mergedPacks(names: string[]): Record<Language, LanguagePack> {
  const packs = Object.fromEntries(LANGUAGES.map((l) => [l, {} as LanguagePack])) as Record<Language, LanguagePack>;
  for (const ns of names) {
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

/**
 * The packs shipped in the repository, merged from one folder per namespace
 * (`packs/<namespace>/<lang>.json`: platform, app, account, catalogue …). The server seeds its
 * database from them; the app gets them through /user/getLangBag. Node only.
 */
export const loadBundledPacks = (): Record<Language, LanguagePack> => mergedPacks(namespaces().filter((ns) => !isConsoleNamespace(ns)));

/** The operator console's packs (`console-<area>` namespaces), merged per language: what its screens show. Node only (the console imports the files). */
export const loadConsolePacks = (): Record<Language, LanguagePack> => mergedPacks(namespaces().filter(isConsoleNamespace));

/** The informal Hungarian words the packs and the demo texts must not use (their tests read it here). */
export { informalHungarianWords } from './hungarian-register.js';
