import { sql, type Kysely } from 'kysely';

// Member shops' prices: the operators' band around the platform's price (percent below and above, in
// basis points; 0 and 0 keep every shop at the platform's price) and each shop's own price of an SKU
// inside it. Shop orders across shops by state, newest first (the operators' oversight).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table shop_settings
      add column price_below_bp integer not null default 0 check (price_below_bp between 0 and 9000),
      add column price_above_bp integer not null default 0 check (price_above_bp between 0 and 10000);

    create table shop_sku_prices (
      shop_id bigint not null references member_shops(id) on delete cascade,
      sku_id bigint not null references goods_skus(id) on delete cascade,
      price_minor bigint not null check (price_minor > 0),
      updated_at timestamptz not null default now(),
      primary key (shop_id, sku_id)
    );

    create index shop_orders_status_idx on shop_orders (status, id desc);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
