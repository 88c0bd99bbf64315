import { sql, type Kysely } from 'kysely';

// One typed identifier names one member (docs/decisions/2026-11-30-identifiers-name-one-member.md):
// a user name is never all digits (it could be someone's phone number) and never, in any case, a
// member's invitation code, and an invitation code is never a member's user name. The rule holds
// for values written from now on; rows that already collide are kept (their lookups refuse to guess).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function users_identifiers_distinct() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.user_name is distinct from old.user_name then
        if new.user_name ~ '^[0-9]+$' then
          raise exception 'a user name is never all digits' using errcode = '23514', constraint = 'users_user_name_not_digits';
        end if;
        -- One lock per identifier value, whichever column brings it: a racing writer of the same value
        -- waits for this transaction, and its check (a new snapshot per statement) then sees this row.
        perform pg_advisory_xact_lock(hashtext('member-identifier'), hashtext(upper(new.user_name)));
        if exists (select 1 from users where upper(invite_code) = upper(new.user_name) and id <> new.id) then
          raise exception 'the user name is a member''s invitation code' using errcode = '23505', constraint = 'users_user_name_invite_code';
        end if;
      end if;
      if new.invite_code is not null and (tg_op = 'INSERT' or new.invite_code is distinct from old.invite_code) then
        perform pg_advisory_xact_lock(hashtext('member-identifier'), hashtext(upper(new.invite_code)));
        if exists (select 1 from users where lower(user_name) = lower(new.invite_code) and id <> new.id) then
          raise exception 'the invitation code is a member''s user name' using errcode = '23505', constraint = 'users_invite_code_user_name';
        end if;
      end if;
      return new;
    end $$`.execute(db);
  // A national number typed without its country code is looked up in every country.
  await sql`create index users_mobile_number_idx on users (mobile) where mobile is not null and status <> 'closed'`.execute(db);
  await sql`create trigger users_identifiers_distinct before insert or update of user_name, invite_code on users for each row execute function users_identifiers_distinct()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
