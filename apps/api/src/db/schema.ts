import type { LanguagePacksTable } from '../modules/lang/lang.table.js';
import type { SessionsTable, UsersTable } from '../modules/members/members.table.js';

/** Every table of the database, as Kysely sees it. Each area adds its tables here. */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  language_packs: LanguagePacksTable;
}
