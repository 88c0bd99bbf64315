import { sql, type Kysely } from 'kysely';

// Avatars, shop logos and transfer slips were kept as the address the member typed, host included,
// so an outside server could stand in for one of our files. They are kept by their path here now
// (`/uploads/<key>`): a value with a host whose key is the member's own picture keeps that picture at
// our address; any other value with a host is cleared (an avatar to none, a logo to none). A slip is
// a record of a payment: it is rewritten when the key is the member's upload and otherwise left as
// it was. Then the members' pictures still public that nothing public shows any more (replaced
// avatars and logos) are made private again, as a change of either now does.
const WITH_HOST = `^(https?:)?//`;
const KEY = `^(?:https?:)?//[^/]+/uploads/([A-Za-z0-9_/.-]+)$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update users m set avatar = case when exists (select 1 from uploads u where u.user_id = m.id and u.kind = 'image' and u.storage_key = substring(m.avatar from ${KEY}))
      then '/uploads/' || substring(m.avatar from ${KEY}) else null end
    where m.avatar ~* ${WITH_HOST}`.execute(db);
  await sql`update member_shops s set logo = case when exists (select 1 from uploads u where u.user_id = s.owner_id and u.kind = 'image' and u.storage_key = substring(s.logo from ${KEY}))
      then '/uploads/' || substring(s.logo from ${KEY}) else '' end
    where s.logo ~* ${WITH_HOST}`.execute(db);
  await sql`update recharge_orders r set slip = '/uploads/' || substring(r.slip from ${KEY})
    where r.slip ~* ${WITH_HOST} and exists (select 1 from uploads u where u.user_id = r.user_id and u.storage_key = substring(r.slip from ${KEY}))`.execute(db);
  await sql`update uploads u set public = false
    where u.public and u.operator_id is null and u.user_id is not null
      and not exists (select 1 from orders o join order_lines l on l.order_id = o.id join goods_reviews r on r.order_line_id = l.id
                      where o.user_id = u.user_id and r.images @> jsonb_build_array('/uploads/' || u.storage_key))
      and not exists (select 1 from users m where m.id = u.user_id and m.avatar like '%/uploads/' || u.storage_key)
      and not exists (select 1 from member_shops s where s.owner_id = u.user_id and s.logo like '%/uploads/' || u.storage_key)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
