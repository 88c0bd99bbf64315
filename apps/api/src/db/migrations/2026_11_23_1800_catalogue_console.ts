import { sql, type Kysely } from 'kysely';

// The operator console's catalogue: each SKU's PV (the points value a sale adds to the referral
// team's performance), every stock adjustment with who and why, and uploads made by operators
// (goods pictures) beside the members' own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('goods_skus').addColumn('pv', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pv >= 0`)).execute();

  await db.schema
    .createTable('stock_adjustments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_skus.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('stock_after', 'integer', (c) => c.notNull().check(sql`stock_after >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stock_adjustments_goods_idx').on('stock_adjustments').columns(['goods_id', 'id']).execute();

  await db.schema.alterTable('uploads').alterColumn('user_id', (c) => c.dropNotNull()).execute();
  await db.schema.alterTable('uploads').addColumn('operator_id', 'bigint', (c) => c.references('operators.id')).execute();
  await sql`alter table uploads add constraint uploads_one_owner check ((user_id is null) <> (operator_id is null))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
