import type { ColumnType, Generated } from 'kysely';

export interface LanguagePacksTable {
  lang: string;
  client: string;
  version: string;
  pack: ColumnType<Record<string, string>, string, string>;
  updated_at: Generated<ColumnType<Date, Date | string | undefined, Date | string>>;
}
