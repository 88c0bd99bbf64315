import { sql, type Kysely } from 'kysely';

// One cart per member: one line per SKU with a quantity and a selected flag.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_skus.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 99`))
    .addColumn('selected', 'boolean', (c) => c.notNull().defaultTo(true))
    /** The unit price when the line was first added: the list flags a change since. */
    .addColumn('added_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_items_user_sku_key', ['user_id', 'sku_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
