import { createHash } from 'node:crypto';
import { LANGUAGES, type Language, type LanguagePackData } from '@shop/contract';
import { loadBundledPacks } from '@shop/contract/packs';
import type { Executor } from '../../db/database.js';
import type { Translator } from '../../lib/i18n.js';
import { findAllLanguagePacks, upsertLanguagePack } from './lang.queries.js';
import type { Actor } from '../../lib/actor.js';

export const DEFAULT_CLIENT = 'h5';

/** A pack's version: a short hash of its content, so it changes exactly when the text does. */
export function packVersion(pack: Record<string, string>): string {
  const canonical = JSON.stringify(Object.keys(pack).sort().map((k) => [k, pack[k]]));
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/** Brings the stored packs up to the ones shipped with this release. */
export async function seedLanguagePacks(db: Executor): Promise<void> {
  const packs = loadBundledPacks();
  for (const lang of LANGUAGES) {
    const pack = packs[lang];
    await upsertLanguagePack(db, { lang, client: DEFAULT_CLIENT, version: packVersion(pack), pack });
  }
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
