import { sql, type Kysely } from 'kysely';

// A member holds one live card per account: the same bank and account number (compared without spaces
// or dashes, in upper case) cannot be added twice, even by two requests at once — a unique index says so.
// Cards already repeating an earlier live card of the same member are kept as they are (nothing is
// deleted or changed for the member): each is marked `kept_duplicate` and stays out of the index, so
// building it cannot fail on old data. A deleted card is out of it too, so its account can be added again.

export async function up(db: Kysely<any>): Promise<void> {
  // No card is added or changed while the old repeats are found and the index is built.
  await sql`lock table bank_cards in share row exclusive mode`.execute(db);
  await sql`alter table bank_cards add column kept_duplicate boolean not null default false`.execute(db);
  await sql`
    update bank_cards c set kept_duplicate = true
    from (
      select id, row_number() over (partition by user_id, bank_id, upper(regexp_replace(account_number, '[\\s-]', '', 'g')) order by id) as n
      from bank_cards where deleted_at is null) d
    where c.id = d.id and d.n > 1`.execute(db);
  await sql`
    create unique index bank_cards_account_once on bank_cards (user_id, bank_id, (upper(regexp_replace(account_number, '[\\s-]', '', 'g'))))
    where deleted_at is null and not kept_duplicate`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
