import { sql } from 'kysely';
import type { AppDeps } from '../apps/api/src/app-deps.js';
import { loadConfig } from '../apps/api/src/config.js';
import { embeddedDatabaseUrl } from '../apps/api/src/db/connect.js';
import { createDatabase, type Database } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import type { Actor } from '../apps/api/src/lib/actor.js';
import { AppError } from '../apps/api/src/lib/errors.js';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.js';
import { withTransaction } from '../apps/api/src/lib/transaction.js';
import { placeOrder } from '../apps/api/src/modules/orders/orders.service.js';
import { newAddress } from '../apps/api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../apps/api/src/modules/cart/__tests__/fixtures.js';
import { grantMemberRole } from '../apps/api/src/modules/members/roles.queries.js';
import { createShopOrder } from '../apps/api/src/modules/user-shop/shop-orders.service.js';
import { changeShopStock, editShop, setShopGoods } from '../apps/api/src/modules/user-shop/user-shop.service.js';
// The request context's type augmentation, which the API's actor module relies on (the API's own build includes it).
import type {} from '../apps/api/src/plugins/context.js';
import { load, warm, type LoadResult } from './load.js';
import { benchDatabaseUrl, benchMembers, drive, mean } from './ledger.js';
import type { RunningServer } from './servers.js';

const MEMBERS = 200;
const SKUS = 100;
const HOT_STOCK = 10;
const ROUNDS = 3;
/** Orders of the member whose order list is read. */
const LIST_ORDERS = 200;
/** Orders placed at the shop whose owner's order list is read. */
const SHOP_LIST_ORDERS = 1000;

/**
 * A member shop ready to sell `goods` (every SKU held in plenty): its owner holds the role, the shop
 * is set up and offers the goods. Answers the shop's id and its owner.
 */
async function benchShop(db: Database, tag: string, goods: { goodsId: number; skuIds: number[] }): Promise<{ shopId: number; ownerId: number }> {
  const owner = await db.insertInto('users').values({ user_name: `benchowner${tag}`, password_hash: 'not-used' }).returning('id').executeTakeFirstOrThrow();
  await grantMemberRole(db, { member_id: owner.id, kind: 'shop_owner', granted_by: 'bench' });
  const actor = memberActor(owner.id, 0);
  const shop = await editShop(db, actor, { name: `Bench shop ${tag}` });
  await setShopGoods(db, actor, { goods_id: goods.goodsId, on_sale: true });
  for (const skuId of goods.skuIds) await withTransaction(db, (tx) => changeShopStock(tx, actor, { shopId: shop.id, skuId, goodsId: goods.goodsId, delta: 1_000_000_000, cause: 'operator', reference: 'bench', reason: 'bench' }));
  return { shopId: shop.id, ownerId: owner.id };
}

const memberActor = (memberId: number, i: number): Actor => ({ kind: 'member', memberId, ip: '127.0.0.1', lang: 'en-us', requestId: `bench-${i}` });
/** What placing an order needs of the app: the database and the settings its caches read. */
// Members here hold hundreds of unpaid orders: the cap on them is off (its lock and count still run, and are measured).
const depsOf = (db: Database): AppDeps => ({ db, config: loadConfig({ ...process.env, NODE_ENV: 'development', UNPAID_ORDERS_PER_MEMBER: '0' }), redis: undefined }) as unknown as AppDeps;

/**
 * Checkout at 50 concurrent members buying one unit of a random SKU with plenty of stock (the whole
 * `createOrder` use case: stock reserved by conditional update, priced, snapshots, expiry job), and
 * the bare reserve-and-insert transaction on the same database in the same run (one conditional
 * UPDATE and one INSERT), in alternating rounds. In the same run, 200 buyers race for the last 10
 * units of a hot SKU: exactly 10 orders, stock 0, or the row fails.
 */
export async function benchCheckout(): Promise<{ baseline: LoadResult; checkout: LoadResult; shopCheckout: LoadResult; hot: { orders: number; stock: number } }> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const { url, stop: stopServer } = await benchDatabaseUrl('orders');
  const db = createDatabase(url, 50);
  try {
    await migrateToLatest(db);
    const deps = depsOf(db);
    const tag = Date.now().toString(36);
    const members = await benchMembers(db, MEMBERS, tag);
    const addresses = new Map<number, number>();
    for (const m of members) addresses.set(m, await newAddress(db, m));
    const goods = await newGoods(db, Array.from({ length: SKUS }, (_, i) => ({ price: 1000 + i, stock: 1_000_000_000 })), { name: `Bench ${tag}` });
    await sql`create table if not exists bench_orders (id bigserial primary key, sku_id bigint not null, user_id bigint not null, created_at timestamptz not null default now())`.execute(db);

    const pickMember = () => members[Math.floor(Math.random() * members.length)]!;
    const pickSku = () => goods.skuIds[Math.floor(Math.random() * goods.skuIds.length)]!;
    const checkout = (i: number) => {
      const m = pickMember();
      return placeOrder(deps, memberActor(m, i), { goods_id: goods.goodsId, sku_id: pickSku(), num: 1, address_id: addresses.get(m)!, remarks: '' });
    };
    const bare = () => {
      const sku = pickSku();
      return withTransaction(db, async (tx) => {
        await sql`update goods_skus set stock = stock - 1 where id = ${sku} and stock >= 1`.execute(tx);
        await sql`insert into bench_orders (sku_id, user_id) values (${sku}, ${pickMember()})`.execute(tx);
      });
    };

    // The member shops' checkout (`/attractive/buy/createOrder`) of the same goods from one shop.
    const { shopId } = await benchShop(db, tag, goods);
    const shopCheckout = (i: number) => {
      const m = pickMember();
      return createShopOrder(db, memberActor(m, i), { shop_id: shopId, sku_id: pickSku(), num: 1, address_id: addresses.get(m)!, pickup: false, remarks: '' });
    };

    await drive('warm-up', 1, bare);
    await drive('warm-up', 1, checkout);
    await drive('warm-up', 1, shopCheckout);
    const baselineRounds: LoadResult[] = [];
    const checkoutRounds: LoadResult[] = [];
    const shopRounds: LoadResult[] = [];
    // Alternating rounds, so a change in the machine's load weighs on both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      baselineRounds.push(await drive('reserve-and-insert transaction (same database)', seconds, bare));
      checkoutRounds.push(await drive('checkout (createOrder), random SKUs', seconds, (i) => checkout(round * 1_000_000 + i)));
      shopRounds.push(await drive('member shop checkout (createOrder), same SKUs', seconds, (i) => shopCheckout(5_000_000 + round * 1_000_000 + i)));
    }

    const hotGoods = await newGoods(db, [{ price: 999, stock: HOT_STOCK }], { name: `Hot ${tag}` });
    const hotSku = hotGoods.skuIds[0]!;
    const results = await Promise.allSettled(
      members.map((m, i) => placeOrder(deps, memberActor(m, 9_000_000 + i), { goods_id: hotGoods.goodsId, sku_id: hotSku, num: 1, address_id: addresses.get(m)!, remarks: '' })),
    );
    for (const r of results) if (r.status === 'rejected' && !(r.reason instanceof AppError)) throw r.reason;
    const orders = Number((await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('sku_id', '=', hotSku).executeTakeFirstOrThrow()).n);
    const stock = (await db.selectFrom('goods_skus').select('stock').where('id', '=', hotSku).executeTakeFirstOrThrow()).stock;
    return { baseline: mean(baselineRounds), checkout: mean(checkoutRounds), shopCheckout: mean(shopRounds), hot: { orders, stock } };
  } finally {
    await db.destroy();
    await stopServer();
  }
}

/**
 * A member's order list (`GET /shop/order/list`, first page of "all") with 200 orders, through the
 * running shop over loopback at 50 connections. Budget: p99 under 20 ms.
 */
export async function benchOrderList(shop: RunningServer): Promise<LoadResult & { maxP99Ms: number }> {
  if (!shop.env) throw new Error('the order-list bench needs the shop’s database');
  const db = createDatabase(embeddedDatabaseUrl(loadConfig({ ...process.env, ...shop.env })), 4);
  let token: string;
  try {
    const tag = Date.now().toString(36);
    const member = await db.insertInto('users').values({ user_name: `benchlist${tag}`, password_hash: 'not-used' }).returning('id').executeTakeFirstOrThrow();
    const addressId = await newAddress(db, member.id);
    const goods = await newGoods(db, [{ price: 1500, stock: 100_000 }, { price: 2500, stock: 100_000 }], { name: `List ${tag}` });
    const deps = depsOf(db);
    for (let i = 0; i < LIST_ORDERS; i++) {
      await placeOrder(deps, memberActor(member.id, i), { goods_id: goods.goodsId, sku_id: goods.skuIds[i % 2]!, num: 1 + (i % 3), address_id: addressId, remarks: '' });
    }
    token = newToken();
    await db.insertInto('sessions').values({ user_id: member.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000) }).execute();
  } finally {
    await db.destroy();
  }
  const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5', authorization: `Bearer ${token}` };
  const url = `${shop.url}/shop/order/list?view=all&page=1&limit=10`;
  const check = (await (await fetch(url, { headers })).json()) as { code: number; data?: { total?: number } };
  if (check.code !== 200 || check.data?.total !== LIST_ORDERS) throw new Error(`/shop/order/list answered ${JSON.stringify(check).slice(0, 200)}`);
  await warm(url, headers);
  return { ...(await load(`GET /shop/order/list (${LIST_ORDERS} orders)`, url, { headers })), maxP99Ms: 20 };
}

/**
 * A shop owner's order list (`GET /attractive/shop/shopOrderList`, first page of "all") with 1,000
 * paid orders at the shop, through the running shop over loopback at 50 connections. Budget: p99
 * under 20 ms.
 */
export async function benchShopOrderList(shop: RunningServer): Promise<LoadResult & { maxP99Ms: number }> {
  if (!shop.env) throw new Error('the shop order-list bench needs the shop’s database');
  const db = createDatabase(embeddedDatabaseUrl(loadConfig({ ...process.env, ...shop.env })), 4);
  let token: string;
  try {
    const tag = Date.now().toString(36);
    const goods = await newGoods(db, [{ price: 1500, stock: 1 }, { price: 2500, stock: 1 }], { name: `Shop list ${tag}` });
    const { shopId, ownerId } = await benchShop(db, tag, goods);
    const buyers = await benchMembers(db, 20, `shoplist${tag}`);
    for (let i = 0; i < SHOP_LIST_ORDERS; i++) {
      await createShopOrder(db, memberActor(buyers[i % buyers.length]!, i), { shop_id: shopId, sku_id: goods.skuIds[i % 2]!, num: 1 + (i % 3), pickup: true, remarks: '' });
    }
    // Paid, as the payments area leaves them (the owner's list shows paid orders only).
    await db.updateTable('shop_orders').set({ status: 'awaiting_audit', paid_at: new Date(), audit_due_at: new Date(Date.now() + 86_400_000) }).where('shop_id', '=', shopId).execute();
    token = newToken();
    await db.insertInto('sessions').values({ user_id: ownerId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000) }).execute();
  } finally {
    await db.destroy();
  }
  const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5', authorization: `Bearer ${token}` };
  const url = `${shop.url}/attractive/shop/shopOrderList?view=all&page=1&limit=10`;
  const check = (await (await fetch(url, { headers })).json()) as { code: number; data?: { total?: number } };
  if (check.code !== 200 || check.data?.total !== SHOP_LIST_ORDERS) throw new Error(`/attractive/shop/shopOrderList answered ${JSON.stringify(check).slice(0, 200)}`);
  await warm(url, headers);
  return { ...(await load(`GET /attractive/shop/shopOrderList (${SHOP_LIST_ORDERS} orders)`, url, { headers })), maxP99Ms: 20 };
}
