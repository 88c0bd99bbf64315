import { sql, type Kysely } from 'kysely';

// A stablecoin deposit's transaction hash is compared in one normal form: without the `0x` prefix,
// lower case (kept as given). The unique index ignored only the case, so `0xabab…` and `abab…` were
// both accepted as two deposits: it is made on the normal form. Rows that already claim the same
// deposit twice (not rejected) stay out of the index — the earliest of each keeps the claim — so the
// migration never fails on them; an operator decides them (confirming a later one is refused, 6126).
export async function up(db: Kysely<any>): Promise<void> {
  const norm = sql`lower(regexp_replace(tx_hash, '^0[xX]', ''))`;
  const dupes = await sql<{ id: number }>`
    select id from (
      select id, row_number() over (partition by network, ${norm} order by id) as n
      from recharge_orders where tx_hash is not null and status <> 'rejected') d
    where n > 1`.execute(db);
  const skip = dupes.rows.map((r) => Number(r.id));
  await sql`drop index if exists recharge_orders_tx_hash`.execute(db);
  const except = skip.length ? sql.raw(` and id not in (${skip.join(',')})`) : sql.raw('');
  await sql`create unique index recharge_orders_tx_hash on recharge_orders (network, (${norm})) where tx_hash is not null and status <> 'rejected'${except}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists recharge_orders_tx_hash`.execute(db);
  await sql`create unique index recharge_orders_tx_hash on recharge_orders (network, lower(tx_hash)) where tx_hash is not null and status <> 'rejected'`.execute(db);
}
