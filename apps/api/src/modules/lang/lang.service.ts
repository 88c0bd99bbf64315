import { createHash } from 'node:crypto';
import { LANGUAGES, type Language, type LanguagePackData } from '@shop/contract';
import { loadBundledPacks } from '@shop/contract/packs';
import type { Executor } from '../../db/database.js';
import type { Translator } from '../../lib/i18n.js';
import { findAllLanguagePacks, findLanguagePack, upsertLanguagePack } from './lang.queries.js';
import type { Actor } from '../../lib/actor.js';

export const DEFAULT_CLIENT = 'h5';
/** The stored row of each language holding the texts operators changed (key → text); never served as a pack. */
export const OPERATOR_TEXTS = 'operator-texts';

let bundled: Record<Language, Record<string, string>> | undefined;
/** The packs shipped with this release (read from disk once). */
export const shippedPacks = () => (bundled ??= loadBundledPacks());

/** A language's pack: the shipped texts with the operators' changes of keys that still exist. */
export function mergedPack(shipped: Record<string, string>, changed: Record<string, string>): Record<string, string> {
  const pack = { ...shipped };
  for (const [key, text] of Object.entries(changed)) if (key in pack) pack[key] = text;
  return pack;
}

/** The texts operators changed in a language (key → text). */
export async function operatorTexts(db: Executor, lang: Language): Promise<Record<string, string>> {
  return (await findLanguagePack(db, lang, OPERATOR_TEXTS))?.pack ?? {};
}

/** Stores a language's pack (shipped texts with the operators' changes) under its new version; answers the version. */
export async function storeLanguagePack(db: Executor, lang: Language, changed: Record<string, string>): Promise<string> {
  const pack = mergedPack(shippedPacks()[lang], changed);
  const version = packVersion(pack);
  await upsertLanguagePack(db, { lang, client: DEFAULT_CLIENT, version, pack });
  return version;
}

/** A pack's version: a short hash of its content, so it changes exactly when the text does. */
export function packVersion(pack: Record<string, string>): string {
  const canonical = JSON.stringify(Object.keys(pack).sort().map((k) => [k, pack[k]]));
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/** Brings the stored packs up to the ones shipped with this release, keeping the texts operators changed. */
export async function seedLanguagePacks(db: Executor): Promise<void> {
  for (const lang of LANGUAGES) await storeLanguagePack(db, lang, await operatorTexts(db, lang));
}

interface CachedPack {
  version: string;
  pack: Record<string, string>;
}

/** The stored packs, held in memory: they change only with a release (seeded at start). */
export class LanguagePacks {
  private byKey = new Map<string, CachedPack>();

  async load(db: Executor, i18n: Translator): Promise<void> {
    const rows = await findAllLanguagePacks(db);
    this.byKey.clear();
    for (const row of rows) {
      if (row.client === OPERATOR_TEXTS) continue;
      this.byKey.set(`${row.client}:${row.lang}`, { version: row.version, pack: row.pack });
      if (row.client === DEFAULT_CLIENT) i18n.setPack(row.lang, row.pack);
    }
  }

  /** The pack of `lang` for `client` (the H5 pack for clients with none of their own). */
  get(lang: Language, client: string): CachedPack | undefined {
    return this.byKey.get(`${client}:${lang}`) ?? this.byKey.get(`${DEFAULT_CLIENT}:${lang}`);
  }
}

/** What /user/getLangBag answers: the pack and its version, or only the version when the client's copy is current. */
export function languagePackFor(packs: LanguagePacks, actor: Actor, input: { client: string; version?: string }): LanguagePackData {
  const { lang } = actor;
  const { client, version: clientVersion } = input;
  const found = packs.get(lang, client);
  if (!found) return { lang, version: '' , pack: {} };
  return clientVersion === found.version ? { lang, version: found.version } : { lang, version: found.version, pack: found.pack };
}
