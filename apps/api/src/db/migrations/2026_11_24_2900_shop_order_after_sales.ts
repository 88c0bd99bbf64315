import { sql, type Kysely } from 'kysely';

// After-sales of member-shop orders: a case is on a regular order or on a shop order (exactly one),
// and its lines name lines of that order (exactly one of the two line columns). A shop order's cases
// are found by the shop order (the owner's list shows them). Units of a shop order returned and
// resellable go back to the shop's stock, a stock adjustment of cause `after_sale`.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table after_sales
      alter column order_id drop not null,
      add column shop_order_id bigint references shop_orders(id),
      add constraint after_sales_one_order check (num_nonnulls(order_id, shop_order_id) = 1);
    create index after_sales_shop_order_idx on after_sales (shop_order_id) where shop_order_id is not null;

    alter table after_sale_lines
      drop constraint after_sale_lines_pk,
      alter column order_line_id drop not null,
      add column shop_order_line_id bigint references shop_order_lines(id),
      add constraint after_sale_lines_one_line check (num_nonnulls(order_line_id, shop_order_line_id) = 1);
    create unique index after_sale_lines_order_line_uq on after_sale_lines (case_id, order_line_id) where order_line_id is not null;
    create unique index after_sale_lines_shop_line_uq on after_sale_lines (case_id, shop_order_line_id) where shop_order_line_id is not null;
    create index after_sale_lines_shop_line_idx on after_sale_lines (shop_order_line_id) where shop_order_line_id is not null;

    -- Units of a shop order returned and marked resellable go back to the shop's stock.
    alter table shop_stock_adjustments drop constraint if exists shop_stock_adjustments_cause_check;
    alter table shop_stock_adjustments add constraint shop_stock_adjustments_cause_check check (cause in ('operator', 'restock', 'order', 'slip', 'after_sale'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
