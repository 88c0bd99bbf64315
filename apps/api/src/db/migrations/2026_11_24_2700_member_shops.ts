import { sql, type Kysely } from 'kysely';

// Member shops: one shop per shop owner; the units of platform SKUs the shop holds (never below
// zero) and every change to them; the goods it offers; the shop cart; shop orders (a payable of
// their own) with their lines and events; sales slips; and the operators' settings (the platform's
// fee on the owner's earnings, the hours an owner has to audit an order).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table shop_settings (
      id smallint primary key default 1 check (id = 1),
      fee_bp integer not null default 1000 check (fee_bp between 0 and 10000),
      audit_hours integer not null default 48 check (audit_hours between 1 and 720),
      payment_minutes integer not null default 30 check (payment_minutes between 5 and 1440),
      updated_by text not null default 'system',
      updated_at timestamptz not null default now()
    );
    insert into shop_settings (id) values (1);

    create table member_shops (
      id bigserial primary key,
      owner_id bigint not null unique references users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 40),
      logo text not null default '',
      intro text not null default '' check (char_length(intro) <= 140),
      contact_mobile text not null default '',
      address text not null default '',
      region text not null default '',
      status text not null default 'open' check (status in ('open', 'paused', 'closed')),
      status_reason text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table shop_stock (
      shop_id bigint not null references member_shops(id) on delete cascade,
      sku_id bigint not null references goods_skus(id),
      goods_id bigint not null references goods(id),
      stock integer not null default 0 check (stock >= 0),
      updated_at timestamptz not null default now(),
      primary key (shop_id, sku_id)
    );

    create table shop_stock_adjustments (
      id bigserial primary key,
      shop_id bigint not null references member_shops(id) on delete cascade,
      sku_id bigint not null references goods_skus(id),
      delta integer not null check (delta <> 0),
      stock_after integer not null check (stock_after >= 0),
      cause text not null check (cause in ('operator', 'restock', 'order', 'slip')),
      reference text not null default '',
      reason text not null default '',
      actor text not null,
      created_at timestamptz not null default now()
    );
    create index shop_stock_adjustments_shop_idx on shop_stock_adjustments (shop_id, id desc);

    create table shop_goods (
      id bigserial primary key,
      shop_id bigint not null references member_shops(id) on delete cascade,
      goods_id bigint not null references goods(id),
      on_sale boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (shop_id, goods_id)
    );

    create table shop_cart_lines (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      shop_id bigint not null references member_shops(id) on delete cascade,
      goods_id bigint not null references goods(id),
      sku_id bigint not null references goods_skus(id),
      quantity integer not null check (quantity between 1 and 99),
      selected boolean not null default true,
      created_at timestamptz not null default now(),
      unique (user_id, shop_id, sku_id)
    );

    create table shop_orders (
      id bigserial primary key,
      order_no text not null unique,
      shop_id bigint not null references member_shops(id),
      owner_id bigint not null references users(id),
      buyer_id bigint not null references users(id),
      status text not null check (status in ('awaiting_payment', 'awaiting_audit', 'approved', 'shipped', 'ready_for_pickup', 'completed', 'rejected', 'closed')),
      delivery text not null check (delivery in ('ship', 'pickup')),
      address jsonb,
      currency text not null,
      goods_minor bigint not null check (goods_minor > 0),
      total_minor bigint not null check (total_minor > 0),
      pv integer not null default 0,
      remarks text not null default '',
      reject_reason text not null default '',
      carrier text not null default '',
      tracking_number text not null default '',
      expires_at timestamptz not null,
      paid_at timestamptz,
      audit_due_at timestamptz,
      decided_at timestamptz,
      shipped_at timestamptz,
      completed_at timestamptz,
      refunded_at timestamptz,
      settles_at timestamptz,
      settled_at timestamptz,
      fee_bp integer,
      earnings_minor bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index shop_orders_shop_idx on shop_orders (shop_id, id desc);
    create index shop_orders_shop_status_idx on shop_orders (shop_id, status, id desc);
    create index shop_orders_buyer_idx on shop_orders (buyer_id, id desc);
    create index shop_orders_audit_due_idx on shop_orders (audit_due_at) where status = 'awaiting_audit';

    create table shop_order_lines (
      id bigserial primary key,
      order_id bigint not null references shop_orders(id) on delete cascade,
      goods_id bigint not null references goods(id),
      sku_id bigint not null references goods_skus(id),
      name jsonb not null,
      spec_text text not null default '',
      image text not null default '',
      price_minor bigint not null check (price_minor >= 0),
      quantity integer not null check (quantity > 0),
      pv integer not null default 0
    );
    create index shop_order_lines_order_idx on shop_order_lines (order_id);

    create table shop_order_events (
      id bigserial primary key,
      order_id bigint not null references shop_orders(id) on delete cascade,
      kind text not null,
      from_status text,
      to_status text,
      reason text not null default '',
      actor text not null,
      created_at timestamptz not null default now()
    );
    create index shop_order_events_order_idx on shop_order_events (order_id, id);
    -- A state is entered at most once: the conditional update stands first, this behind it.
    create unique index shop_order_events_once on shop_order_events (order_id, to_status) where kind = 'transition';

    create table shop_sales (
      id bigserial primary key,
      sale_no text not null unique,
      shop_id bigint not null references member_shops(id),
      buyer_id bigint references users(id),
      buyer_name text not null default '',
      currency text not null,
      goods_minor bigint not null,
      paid_minor bigint not null check (paid_minor >= 0),
      pv integer not null default 0,
      note text not null default '',
      created_at timestamptz not null default now()
    );
    create index shop_sales_shop_idx on shop_sales (shop_id, id desc);
    create table shop_sale_lines (
      id bigserial primary key,
      sale_id bigint not null references shop_sales(id) on delete cascade,
      goods_id bigint not null references goods(id),
      sku_id bigint not null references goods_skus(id),
      name jsonb not null,
      spec_text text not null default '',
      image text not null default '',
      price_minor bigint not null,
      quantity integer not null check (quantity > 0),
      pv integer not null default 0
    );
    create index shop_sale_lines_sale_idx on shop_sale_lines (sale_id);

    -- A regular order the owner bought and received, booked into the shop's stock once.
    create table shop_restocks (
      order_id bigint primary key references orders(id),
      shop_id bigint not null references member_shops(id),
      units integer not null,
      created_at timestamptz not null default now()
    );

    -- Shop orders are paid like any payable.
    alter table payments drop constraint payments_payable_type_check;
    alter table payments add constraint payments_payable_type_check check (payable_type in ('order', 'charity', 'recharge', 'shop_order'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
