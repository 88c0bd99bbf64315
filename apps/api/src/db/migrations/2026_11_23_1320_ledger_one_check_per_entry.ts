import { sql, type Kysely } from 'kysely';

// The balance check at commit ran once per posting and once per entry, two queries each. It now runs
// once per entry, in one pass over the entry's postings: a posting written in the transaction that
// created its entry is covered by that entry's own check; a posting added to an older entry is still
// checked on its own.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function ledger_check_entry_balanced(entry bigint) returns void language plpgsql as $$
    declare
      n bigint;
      bad_currency text;
      bad_total numeric;
    begin
      select coalesce(sum(cnt), 0), min(currency) filter (where total <> 0), min(total) filter (where total <> 0)
        into n, bad_currency, bad_total
        from (select currency, sum(amount) as total, count(*) as cnt from postings where entry_id = entry group by currency) per_currency;
      if n < 2 then
        raise exception 'journal entry % has % posting(s); an entry needs at least two', entry, n using errcode = '23514';
      end if;
      if bad_currency is not null then
        raise exception 'journal entry % does not balance in %: postings sum to %', entry, bad_currency, bad_total using errcode = '23514';
      end if;
    end $$`.execute(db);
  await sql`
    create or replace function ledger_posting_balanced() returns trigger language plpgsql as $$
    begin
      -- The entry's own check at commit covers postings written by the transaction that created it.
      if exists (select 1 from journal_entries where id = new.entry_id and xmin = pg_current_xact_id()::xid) then
        return null;
      end if;
      perform ledger_check_entry_balanced(new.entry_id);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function ledger_posting_balanced() returns trigger language plpgsql as $$
    begin
      perform ledger_check_entry_balanced(new.entry_id);
      return null;
    end $$`.execute(db);
}
