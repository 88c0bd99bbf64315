import { sql, type Kysely } from 'kysely';

// The sponsor tree at size: its closure `sponsor_paths` (ancestor, descendant, depth: every upline
// of every member with its distance) and each member's sponsor team size, both kept by a trigger on
// `users.referrer_id` (set at registration; a change moves the member's whole downline with it), so
// the team list, its totals and its levels read an index instead of walking the tree. Also an index
// for the placement tree's "n levels below" reads.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sponsor_paths')
    .addColumn('ancestor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('descendant_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('depth', 'integer', (c) => c.notNull().check(sql`depth > 0`))
    .addPrimaryKeyConstraint('sponsor_paths_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  // The team list's order (level, then member) read straight from the index; and a member's upline.
  await db.schema.createIndex('sponsor_paths_level').on('sponsor_paths').columns(['ancestor_id', 'depth', 'descendant_id']).execute();
  await db.schema.createIndex('sponsor_paths_descendant').on('sponsor_paths').columns(['descendant_id', 'depth']).execute();
  await db.schema
    .createTable('sponsor_stats')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('team_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`team_count >= 0`))
    .execute();
  await fillSponsorPaths(db);
  await sql`
    create function sponsor_paths_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if new.referrer_id is not distinct from old.referrer_id then return null; end if;
        -- The member and its downline leave their old upline.
        with sub as (select new.id::int as id union all select descendant_id from sponsor_paths where ancestor_id = new.id),
        gone as (delete from sponsor_paths p using sub where p.descendant_id = sub.id and p.ancestor_id not in (select id from sub) returning p.ancestor_id)
        update sponsor_stats s set team_count = s.team_count - g.n from (select ancestor_id, count(*)::int as n from gone group by ancestor_id) g where s.member_id = g.ancestor_id;
      end if;
      if new.referrer_id is not null then
        if new.referrer_id = new.id or exists (select 1 from sponsor_paths where ancestor_id = new.id and descendant_id = new.referrer_id) then
          raise exception 'a member cannot be in its own upline' using errcode = '23514';
        end if;
        -- The member and its downline join the new sponsor's upline; the upline's team sizes grow, locked in id order.
        with sub as (select new.id::int as id, 0 as depth union all select descendant_id, depth from sponsor_paths where ancestor_id = new.id),
        up as (select new.referrer_id::int as id, 1 as depth union all select ancestor_id, depth + 1 from sponsor_paths where descendant_id = new.referrer_id),
        added as (insert into sponsor_paths (ancestor_id, descendant_id, depth) select up.id, sub.id, up.depth + sub.depth from up cross join sub returning ancestor_id)
        insert into sponsor_stats (member_id, team_count) select ancestor_id, count(*)::int from added group by ancestor_id order by ancestor_id
          on conflict (member_id) do update set team_count = sponsor_stats.team_count + excluded.team_count;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_sponsor_paths after insert or update of referrer_id on users for each row execute function sponsor_paths_follow()`.execute(db);
  // "Members n levels below": the subtree read by depth without the leg.
  await db.schema.createIndex('placement_paths_ancestor_depth').on('placement_paths').columns(['ancestor_id', 'depth', 'descendant_id']).execute();
}

/**
 * Builds the sponsor closure and team sizes from `users.referrer_id` (set-based; the tables start
 * empty): every member's sponsor at distance 1, then one statement per distance, each extending the
 * paths of the last one by their top member's sponsor (a long one-sided chain is as many short statements).
 */
export async function fillSponsorPaths(db: Kysely<any>): Promise<void> {
  await sql`create index sponsor_paths_fill on sponsor_paths (depth)`.execute(db);
  await sql`insert into sponsor_paths (ancestor_id, descendant_id, depth) select referrer_id, id, 1 from users where referrer_id is not null`.execute(db);
  await sql`analyze sponsor_paths`.execute(db);
  await sql`do $$
    declare d int := 1; n bigint;
    begin
      loop
        -- Planned for each distance's own rows (a dynamic statement is never a generic plan).
        execute format('insert into sponsor_paths (ancestor_id, descendant_id, depth)
          select u.referrer_id, c.descendant_id, %s from sponsor_paths c join users u on u.id = c.ancestor_id
          where c.depth = %s and u.referrer_id is not null', d + 1, d);
        get diagnostics n = row_count;
        exit when n = 0 or d >= 100000;
        d := d + 1;
      end loop;
    end $$`.execute(db);
  await sql`drop index sponsor_paths_fill`.execute(db);
  await sql`insert into sponsor_stats (member_id, team_count) select ancestor_id, count(*)::int from sponsor_paths group by ancestor_id`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
