import { createHash } from 'node:crypto';
import { LANGUAGES, inFirstPart, type EndpointQuery, type getLanguagePack, type Language, type LanguagePackData } from '@shop/contract';
import { loadBundledPacks } from '@shop/contract/packs';
import type { Executor } from '../../db/database.js';
import { onChanges } from '../../lib/changes.js';
import type { Translator } from '../../lib/i18n.js';
import { findAllLanguagePacks, findLanguagePack, findStoredPacks, upsertLanguagePack } from './lang.queries.js';
import type { Actor } from '../../lib/actor.js';
import type { PreSerialized } from '../../lib/pre-serialized.js';

export const DEFAULT_CLIENT = 'h5';
/** The stored row of each language holding the texts operators changed (key → text); never served as a pack. */
export const OPERATOR_TEXTS = 'operator-texts';

let bundled: Record<Language, Record<string, string>> | undefined;
/** The packs shipped with this release (read from disk once). */
export const shippedPacks = () => (bundled ??= loadBundledPacks());

/**
 * The operators' texts that may be served: a blank one (earlier releases took them) counts as no
 * change, so members read the shipped text rather than a key or nothing. Filtered where read rather
 * than cleared by a migration: no stored row can bring one back.
 */
export function usableTexts(changed: Record<string, string>): Record<string, string> {
  if (Object.values(changed).every((text) => typeof text === 'string' && text.trim())) return changed;
  return Object.fromEntries(Object.entries(changed).filter(([, text]) => typeof text === 'string' && text.trim()));
}

/** A language's pack: the shipped texts with the operators' (usable) changes of keys that still exist (the shipped object itself when none). */
export function mergedPack(shipped: Record<string, string>, changed: Record<string, string>): Record<string, string> {
  const usable = usableTexts(changed);
  if (!Object.keys(usable).some((key) => key in shipped)) return shipped;
  const pack = { ...shipped };
  for (const [key, text] of Object.entries(usable)) if (key in pack) pack[key] = text;
  return pack;
}

/** The texts operators changed in a language (key → text), blank ones left out (`usableTexts`). */
export async function operatorTexts(db: Executor, lang: Language): Promise<Record<string, string>> {
  return usableTexts((await findLanguagePack(db, lang, OPERATOR_TEXTS))?.pack ?? {});
}

/** The version of each language's shipped pack with no operator changes, worked out once per process. */
const shippedVersions = new Map<Language, string>();

/** A language's pack as this release stores it: the shipped texts with the operators' changes, and its version. */
function packOf(lang: Language, changed: Record<string, string>): CachedPack {
  const pack = mergedPack(shippedPacks()[lang], changed);
  if (Object.keys(usableTexts(changed)).length) return { version: packVersion(pack), pack };
  let version = shippedVersions.get(lang);
  if (!version) shippedVersions.set(lang, (version = packVersion(pack)));
  return { version, pack };
}

/** Stores a language's pack (shipped texts with the operators' changes) under its new version; answers the version. */
export async function storeLanguagePack(db: Executor, lang: Language, changed: Record<string, string>): Promise<string> {
  const { version, pack } = packOf(lang, changed);
  await upsertLanguagePack(db, { lang, client: DEFAULT_CLIENT, version, pack });
  return version;
}

/** A pack's version: a short hash of its content, so it changes exactly when the text does. */
export function packVersion(pack: Record<string, string>): string {
  const canonical = JSON.stringify(Object.keys(pack).sort().map((k) => [k, pack[k]]));
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/**
 * Brings the stored packs up to the ones shipped with this release, keeping the texts operators
 * changed: one read of the stored versions (and the operators' texts), a write only for a language
 * whose pack changed. Answers every pack as stored now, and the stored packs of other clients.
 */
export async function seedLanguagePacks(db: Executor): Promise<{ packs: Map<Language, CachedPack>; otherClients: Array<{ lang: string; client: string } & CachedPack> }> {
  const stored = await findStoredPacks(db, DEFAULT_CLIENT);
  const packs = new Map<Language, CachedPack>();
  for (const lang of LANGUAGES) {
    const changed = stored.find((r) => r.lang === lang && r.client === OPERATOR_TEXTS)?.pack ?? {};
    const want = packOf(lang, changed);
    if (stored.find((r) => r.lang === lang && r.client === DEFAULT_CLIENT)?.version !== want.version) await upsertLanguagePack(db, { lang, client: DEFAULT_CLIENT, ...want });
    packs.set(lang, want);
  }
  const otherClients = stored.flatMap((r) => (r.client === DEFAULT_CLIENT || r.client === OPERATOR_TEXTS || !r.pack ? [] : [{ lang: r.lang, client: r.client, version: r.version, pack: r.pack }]));
  return { packs, otherClients };
}

interface CachedPack {
  version: string;
  pack: Record<string, string>;
  /** The answers for the whole pack and for each part, serialised at their first request (every first visit asks). */
  answers?: Partial<Record<PackPart, PreSerialized<LanguagePackData>>>;
}

/** What a client asks for: the whole pack, or one of its parts (`inFirstPart` tells them apart). */
type PackPart = 'whole' | 'first' | 'rest';

const partOf = (pack: Record<string, string>, part: PackPart): Record<string, string> =>
  part === 'whole' ? pack : Object.fromEntries(Object.entries(pack).filter(([key]) => inFirstPart(key) === (part === 'first')));

/** The cache tag the language packs' table trigger announces on every change of a stored pack or operator text. */
export const LANGUAGE_PACKS_TAG = 'language-packs';

/**
 * The stored packs, held in memory (seeded at start) with the translator of the API's own messages;
 * read again whenever any process changes them (`follow`): an operator's text, a new release's seed.
 */
export class LanguagePacks {
  private byKey = new Map<string, CachedPack>();
  /** Reads started and the newest one held: a slower older read never replaces a newer one. */
  private started = 0;
  private held = 0;

  /** Brings the stored packs up to this release (`seedLanguagePacks`) and holds them, without reading back what it stored. */
  async seed(db: Executor, i18n: Translator): Promise<void> {
    const mine = ++this.started;
    const { packs, otherClients } = await seedLanguagePacks(db);
    this.hold(mine, i18n, [...[...packs].map(([lang, p]) => ({ lang, client: DEFAULT_CLIENT, ...p })), ...otherClients]);
  }

  /** Reads the stored packs again (another process, or an operator's change, may have stored new ones). */
  async load(db: Executor, i18n: Translator): Promise<void> {
    const mine = ++this.started;
    this.hold(mine, i18n, (await findAllLanguagePacks(db)).filter((row) => row.client !== OPERATOR_TEXTS));
  }

  /**
   * Reads the packs again whenever the database tells of a change to them (the table's trigger, from
   * any process) or that notices may have been missed. Answers the function that stops it.
   */
  follow(db: Executor, i18n: Translator, onError: (e: unknown) => void = () => {}): () => void {
    return onChanges((changes) => {
      if (changes.some((c) => c.kind === 'all' || (c.kind === 'cache' && c.tags.includes(LANGUAGE_PACKS_TAG)))) this.load(db, i18n).catch(onError);
    });
  }

  private hold(read: number, i18n: Translator, rows: Array<{ lang: string; client: string } & CachedPack>): void {
    if (read < this.held) return;
    this.held = read;
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
export function languagePackFor(
  packs: LanguagePacks,
  actor: Actor,
  input: EndpointQuery<typeof getLanguagePack>,
  serialize: (data: LanguagePackData) => PreSerialized<LanguagePackData>,
): LanguagePackData | PreSerialized<LanguagePackData> {
  const { lang } = actor;
  const { client, version: clientVersion } = input;
  const found = packs.get(lang, client);
  if (!found) return { lang, version: '', pack: {} };
  if (clientVersion === found.version) return { lang, version: found.version };
  // Serialised once per pack and part (and compressed once per encoding with it), not on every first visit.
  const part = input.part ?? 'whole';
  const answers = (found.answers ??= {});
  return (answers[part] ??= serialize({ lang, version: found.version, pack: partOf(found.pack, part) }));
}
