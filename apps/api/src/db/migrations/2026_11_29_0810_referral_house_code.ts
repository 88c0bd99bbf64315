import { sql, type Kysely } from 'kysely';

// The shop's own invitation code (the "house code"), kept with the referral plan: who registers with
// it joins at the top of the sponsor tree, with nobody above them, so an empty shop can get its first
// members. It is stored in capitals and compared without case, as members' codes are, and it never
// equals a member's code (either trigger refuses the other). A shop gets a random readable code now,
// so a new install works with no setup; operators change it in the console or with `npm run ops`.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table referral_settings add column house_code text`.execute(db);
  // The members' alphabet (no look-alike characters), eight long, none of the members' codes.
  await sql`do $$
    declare c text;
    begin
      loop
        select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '') into c from generate_series(1, 8);
        exit when not exists (select 1 from users where upper(invite_code) = c);
      end loop;
      update referral_settings set house_code = c;
    end $$`.execute(db);
  await sql`alter table referral_settings alter column house_code set not null`.execute(db);
  await sql`alter table referral_settings add constraint referral_settings_house_code_format check (house_code ~ '^[A-Z0-9]{4,16}$')`.execute(db);

  // A member's code is never the house code, in any case (23505 as the members' own unique index answers).
  await sql`
    create function invite_code_not_house() returns trigger language plpgsql as $$
    begin
      if new.invite_code is not null and exists (select 1 from referral_settings where house_code = upper(new.invite_code)) then
        raise exception 'the invitation code is the shop''s house code' using errcode = '23505', constraint = 'users_invite_code_house';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger users_invite_code_not_house before insert or update of invite_code on users for each row execute function invite_code_not_house()`.execute(db);
  // And the house code is never a member's code (closed and banned members' codes stay theirs).
  await sql`
    create function house_code_not_member() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from users where upper(invite_code) = new.house_code) then
        raise exception 'the house code is a member''s invitation code' using errcode = '23505', constraint = 'referral_settings_house_code_member';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger referral_settings_house_code_not_member before update of house_code on referral_settings for each row when (new.house_code is distinct from old.house_code) execute function house_code_not_member()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
