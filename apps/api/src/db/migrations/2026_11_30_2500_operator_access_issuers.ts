import { sql, type Kysely } from 'kysely';

// Four eyes need two people (docs/decisions/2026-11-29-operator-grants.md): an operator who received
// another's way in — the setup link that created it, or a later sign-in link — may have set that
// account up themself. Each operator keeps who received its first setup link (`created_by_id`) and
// who issued its latest way in (`access_issued_by`); null where the machine's administrator did (the
// command line, which names no console operator). Operators made before are read from the record of
// decisions, where a console operator is written `name#id`.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operators add column if not exists created_by_id bigint references operators (id) on delete set null`.execute(db);
  await sql`alter table operators add column if not exists access_issued_by bigint references operators (id) on delete set null`.execute(db);
  await sql`update operators o set created_by_id = c.id
    from operators c
    where o.created_by ~ '#[0-9]+$' and c.id = substring(o.created_by from '#([0-9]+)$')::bigint and c.id <> o.id`.execute(db);
  // The latest way in given: the creation, a sign-in link, or a role raised by approval (which set the sign-in afresh).
  await sql`update operators o set access_issued_by = (
      select case when a.operator ~ '#[0-9]+$' then (select i.id from operators i where i.id = substring(a.operator from '#([0-9]+)$')::bigint and i.id <> o.id) end
      from operator_actions a
      where a.target_type = 'operator' and a.target_id = o.id
        and (a.action like 'operator.create%' or a.action like 'operator.sign_in_link%' or (a.action like 'operator.role %' and a.action like '% approval=#%'))
      order by a.id desc
      limit 1
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
