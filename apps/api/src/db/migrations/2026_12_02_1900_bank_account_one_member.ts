import { sql, type Kysely } from 'kysely';

// A bank account is on one member's live card at a time (many members paying out to one account is
// the money-mule pattern): the one-card-per-account index no longer counts the member, only the bank
// and the account number (without spaces or dashes, in upper case). Accounts already on live cards of
// several members are kept as they are (nothing is deleted or changed for them): every card but the
// earliest is marked `kept_duplicate`, as 2026_12_02_1500 marked a member's own repeats, and stays out
// of the index, so building it cannot fail on old data. A deleted card is out of it too, so its account
// can be added again, by anyone.

export async function up(db: Kysely<any>): Promise<void> {
  // No card is added or changed while the old repeats are found and the index is rebuilt.
  await sql`lock table bank_cards in share row exclusive mode`.execute(db);
  await sql`
    update bank_cards c set kept_duplicate = true
    from (
      select id, row_number() over (partition by bank_id, upper(regexp_replace(account_number, '[\\s-]', '', 'g')) order by id) as n
      from bank_cards where deleted_at is null and not kept_duplicate) d
    where c.id = d.id and d.n > 1`.execute(db);
  await sql`drop index if exists bank_cards_account_once`.execute(db);
  await sql`
    create unique index bank_cards_account_one_member on bank_cards (bank_id, (upper(regexp_replace(account_number, '[\\s-]', '', 'g'))))
    where deleted_at is null and not kept_duplicate`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
