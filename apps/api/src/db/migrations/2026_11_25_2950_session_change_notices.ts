import { sql, type Kysely } from 'kysely';

// Serving processes keep the sessions they checked for a short while (`plugins/auth.ts`). Whatever
// could end a session — its revocation, an expiry or last use moved back, its deletion, its member's
// status changing or the member going — is told on the changes channel when it commits, whoever made
// it (the shop, an operator command, SQL typed by hand), so every process forgets that member's sessions.
// The same for a member's roles, which decide what some kept answers show.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function session_change_notice() returns trigger language plpgsql as $$
    declare
      member integer;
    begin
      if tg_table_name = 'sessions' then
        member := coalesce(new.user_id, old.user_id);
        -- A session deleted once it had ended (housekeeping) ended already.
        if tg_op = 'DELETE' and (old.revoked_at is not null or old.expires_at <= now()) then return null; end if;
        if tg_op = 'UPDATE' and new.revoked_at is not distinct from old.revoked_at and new.expires_at is not distinct from old.expires_at
          and new.last_used_at >= old.last_used_at and new.user_id = old.user_id then
          return null;
        end if;
      else
        member := coalesce(new.id, old.id);
        if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
      end if;
      perform pg_notify('shop_changes', json_build_array(json_build_object('kind', 'sessions', 'memberIds', json_build_array(member)))::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_change_notice after update or delete on sessions for each row execute function session_change_notice()`.execute(db);
  await sql`create trigger users_session_change_notice after update of status or delete on users for each row execute function session_change_notice()`.execute(db);
  // A member's roles decide what they may read (a shop owner's own shop, kept by each process): a
  // role revoked or changed anywhere drops what was kept on it (the cache tag `member-roles:<id>`).
  await sql`
    create function member_roles_change_notice() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_changes', json_build_array(json_build_object('kind', 'cache', 'tags', json_build_array('member-roles:' || coalesce(new.member_id, old.member_id))))::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger member_roles_change_notice after update or delete on member_roles for each row execute function member_roles_change_notice()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger member_roles_change_notice on member_roles`.execute(db);
  await sql`drop function member_roles_change_notice()`.execute(db);
  await sql`drop trigger users_session_change_notice on users`.execute(db);
  await sql`drop trigger sessions_change_notice on sessions`.execute(db);
  await sql`drop function session_change_notice()`.execute(db);
}
