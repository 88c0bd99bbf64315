import { sql, type Kysely } from 'kysely';

// A paid order's units sold on its goods are appended here by the payment's statement instead of
// added to the goods' row: every payment of one goods then took that row's lock until it committed,
// so a popular goods with many SKUs paid for by many members at once had its payments wait in line
// (and two orders of the same two goods could deadlock). A job folds the rows into `goods.sales`
// every minute (`count_goods_sales`). No foreign key: its check would lock the goods' row too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table goods_sold_pending (
    id bigint generated always as identity primary key,
    goods_id bigint not null,
    units int not null check (units > 0),
    created_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table goods_sold_pending`.execute(db);
}
