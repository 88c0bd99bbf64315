import type { Executor } from '../../db/database.js';

export const findAllLanguagePacks = (db: Executor) =>
  db.selectFrom('language_packs').select(['lang', 'client', 'version', 'pack']).execute();

export const upsertLanguagePack = (db: Executor, row: { lang: string; client: string; version: string; pack: Record<string, string> }) =>
  db
    .insertInto('language_packs')
    .values({ ...row, pack: JSON.stringify(row.pack) })
    .onConflict((oc) =>
      oc.columns(['lang', 'client']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), pack: eb.ref('excluded.pack'), updated_at: new Date() })).where('language_packs.version', '<>', row.version),
    )
    .execute();
