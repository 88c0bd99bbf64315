import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/database.js';

export const findAllLanguagePacks = (db: Executor) =>
  db.selectFrom('language_packs').select(['lang', 'client', 'version', 'pack']).execute();

/** Every stored pack's language, client and version, with its texts except for the packs of `withoutTexts` (the large ones a process builds itself). */
export const findStoredPacks = (db: Executor, withoutTexts: string) =>
  db
    .selectFrom('language_packs')
    .select(['lang', 'client', 'version'])
    .select((eb) => eb.case().when('client', '<>', withoutTexts).then(eb.ref('pack')).end().as('pack'))
    .execute();

export const upsertLanguagePack = (db: Executor, row: { lang: string; client: string; version: string; pack: Record<string, string> }) =>
  db
    .insertInto('language_packs')
    .values({ ...row, pack: JSON.stringify(row.pack) })
    .onConflict((oc) =>
      oc.columns(['lang', 'client']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), pack: eb.ref('excluded.pack'), updated_at: new Date() })).where('language_packs.version', '<>', row.version),
    )
    .execute();

/** One stored pack (or none). */
export const findLanguagePack = (db: Executor, lang: string, client: string) =>
  db.selectFrom('language_packs').select(['lang', 'client', 'version', 'pack']).where('lang', '=', lang).where('client', '=', client).executeTakeFirst();

/** The row of a language's operator texts, created empty when missing and locked for the transaction. */
export async function lockOperatorTextsForUpdate(tx: Transaction<DB>, lang: string, client: string) {
  await tx.insertInto('language_packs').values({ lang, client, version: '', pack: '{}' }).onConflict((oc) => oc.columns(['lang', 'client']).doNothing()).execute();
  return tx.selectFrom('language_packs').select(['pack']).where('lang', '=', lang).where('client', '=', client).forUpdate().executeTakeFirstOrThrow();
}

/** Replaces a language's operator texts. */
export const setOperatorTexts = (db: Executor, lang: string, client: string, pack: Record<string, string>) =>
  db.updateTable('language_packs').set({ pack: JSON.stringify(pack) }).where('lang', '=', lang).where('client', '=', client).execute();
