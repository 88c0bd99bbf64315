import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import { enqueueJob } from '../jobs/enqueue.js';
import { systemActor } from '../lib/actor.js';
import { withTransaction, type Tx } from '../lib/transaction.js';
import { DEMO_MEMBER } from '../modules/accounts/accounts.seed.js';
import { insertAddress } from '../modules/after-sales/after-sales.queries.js';
import { catalogueChangedOnCommit, contentChangedOnCommit } from '../modules/catalogue/response-cache.js';
import { reserveStock } from '../modules/catalogue/stock.queries.js';
import { DEMO_WARRANTY_MONTHS } from '../modules/catalogue/demo/demo-data.js';
import { CHARITY_CAUSES, SHOWCASE_BANNERS, SHOWCASE_NOTICES, WELCOME_COUPON, WORLD_GOODS, WORLD_SPECS, worldGoodsDescription } from '../modules/catalogue/demo/showcase-data.js';
import { post } from '../modules/ledger/ledger.service.js';
import { findUserByUserName } from '../modules/members/members.queries.js';
import { insertCoupon } from '../modules/promotions/coupons.js';
import { findCouponByCode } from '../modules/promotions/coupons.queries.js';
import { insertActivity } from '../modules/promotions/group-buy.queries.js';
import { insertGiftCardBatch, insertGiftCards } from '../modules/wallet/wallet.queries.js';
import { findShopOfOwner, insertShop, upsertShopGoods } from '../modules/user-shop/user-shop.queries.js';
import { changeShopStock } from '../modules/user-shop/user-shop.service.js';
import { POINTS_CURRENCY } from '../modules/wallet/wallet.rules.js';

/**
 * What the demo shows beyond its catalogue, so a newcomer can try every feature the README names:
 * group buys running and reached from the home page, a welcome coupon said on the home page, points,
 * shopping points and gift cards in the demo member's wallet, goods from abroad in their own
 * currencies. Each part is added once, when it is not there (an operator's later changes stay).
 * The value given to the demo member is posted through the ledger from the promotions account, as
 * an approved grant would be; the demo seed never runs in production.
 */

const DAY = 86_400_000;
/** Who the demo's own records name. */
const BY = 'demo';
/** Demo promotions run for a year from the start that created them. */
const RUNS_FOR = 365 * DAY;
export const DEMO_GIFTS = { points: 5000, shopping_points: 3000, giftCards: { count: 2, value: 1000, currency: 'USD' } } as const;

const json = (v: unknown) => JSON.stringify(v);
const actor = () => systemActor('demo-seed');

async function seedWorldGoods(db: Tx): Promise<number | undefined> {
  const english = WORLD_GOODS.map((g) => g.name['en-us']);
  const existing = await db.selectFrom('goods').select(['id', sql<string>`name ->> 'en-us'`.as('english')]).where(sql<string>`name ->> 'en-us'`, 'in', english).orderBy('id').execute();
  if (existing.length) return existing.find((g) => g.english === english[0])?.id ?? existing[0]!.id;
  const category =
    (await db.selectFrom('categories').select('id').where('parent_id', 'is', null).where(sql<string>`name ->> 'en-us'`, '=', 'Food & Drinks').executeTakeFirst()) ??
    (await db.selectFrom('categories').select('id').where('parent_id', 'is', null).orderBy('sort', 'desc').orderBy('id').executeTakeFirst());
  if (!category) return undefined;
  const now = new Date();
  const rows = await db
    .insertInto('goods')
    .values(
      WORLD_GOODS.map((g, i) => ({
        category_id: category.id,
        name: json(g.name),
        subtitle: json(g.subtitle),
        description: json(worldGoodsDescription(g, i)),
        images: json([1, 2, 3].map((k) => `/media/demo/world-${i + 1}-${k}.png`)),
        cover: `/media/demo/world-${i + 1}-1.png`,
        price_minor: g.price,
        market_price_minor: g.marketPrice,
        currency: g.currency,
        sales: 120 + i * 37,
        is_new: true,
        is_recommend: true,
        warranty_months: DEMO_WARRANTY_MONTHS,
        specs: json(WORLD_SPECS),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('goods_skus')
    .values(
      WORLD_GOODS.flatMap((g, i) =>
        WORLD_SPECS[0]!.values.map((v, k) => {
          const price = k === 0 ? g.price : Math.round(g.price * 1.9);
          const market = k === 0 ? g.marketPrice : g.marketPrice * 2;
          return { goods_id: rows[i]!.id, spec_key: String(v.id), spec_value_ids: json([v.id]), price_minor: price, market_price_minor: market, stock: 80, image: `/media/demo/world-${i + 1}-1.png`, weight_g: g.weightG * (k + 1) };
        }),
      ),
    )
    .execute();
  return rows[0]!.id;
}

/** Three group buys on goods in stock, the first one with most of its first group filled by the shop. */
async function seedGroupBuys(db: Tx): Promise<void> {
  if (await db.selectFrom('group_buy_activities').select('id').limit(1).executeTakeFirst()) return;
  const skus = await db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 's.price_minor', 's.stock'])
    .where('g.status', '=', 'on_sale')
    .where('g.currency', '=', 'USD')
    .where('s.stock', '>=', 40)
    .where('s.price_minor', '>=', 1000)
    .orderBy('g.sales', 'desc')
    .orderBy('s.id')
    .limit(40)
    .execute();
  const chosen = skus.filter((s, i) => skus.findIndex((o) => o.goods_id === s.goods_id) === i).slice(0, 3);
  const now = Date.now();
  const plans = [
    { size: 2, share: 0.7, virtual: 0 },
    { size: 3, share: 0.65, virtual: 60 },
    { size: 5, share: 0.55, virtual: 0 },
  ];
  for (const [i, sku] of chosen.entries()) {
    const plan = plans[i]!;
    const quantity = 20;
    if (!(await reserveStock(db, sku.id, quantity))) continue;
    const endsAt = new Date(now + RUNS_FOR);
    const { id } = await insertActivity(db, {
      goods_id: sku.goods_id,
      sku_id: sku.id,
      group_size: plan.size,
      fill_hours: 24,
      starts_at: new Date(now - DAY).toISOString(),
      ends_at: endsAt.toISOString(),
      price_minor: Math.max(100, Math.round((sku.price_minor * plan.share) / 100) * 100 - 1),
      per_order_limit: 2,
      per_member_limit: 2,
      quantity,
      virtual_fill_percent: plan.virtual,
      created_by: BY,
    });
    // Once over, the units it still holds go back to the SKU, as for an operator's group buy.
    await enqueueJob(db, 'close_group_buy', { activityId: id }, { runAt: endsAt, jobKey: `group-buy-close:${id}`, maxAttempts: 10 });
  }
}

async function seedWelcomeCoupon(db: Tx): Promise<void> {
  if (await findCouponByCode(db, WELCOME_COUPON.code)) return;
  const now = Date.now();
  await insertCoupon(db, {
    code: WELCOME_COUPON.code,
    kind: 'amount',
    amount_minor: WELCOME_COUPON.amount,
    percent_bp: null,
    currency: WELCOME_COUPON.currency,
    min_spend_minor: WELCOME_COUPON.minSpend,
    starts_at: new Date(now - DAY).toISOString(),
    ends_at: new Date(now + RUNS_FOR).toISOString(),
    per_member_limit: WELCOME_COUPON.perMember,
    total_limit: null,
    created_by: BY,
  });
}

/** The banners and the notice that lead to the features, each added when no banner or notice says it yet. */
async function seedShowcaseContent(db: Tx, worldGoodsId: number | undefined): Promise<void> {
  const titles = new Set((await db.selectFrom('banners').select(sql<string>`title ->> 'en-us'`.as('english')).execute()).map((b) => b.english));
  const banners = SHOWCASE_BANNERS.map((b, i) => ({ ...b, image: `/media/demo/feature-${i + 1}.png`, link: b.link ?? (worldGoodsId ? `/pages/goods/goodsInfo?id=${worldGoodsId}` : '') })).filter((b) => b.link && !titles.has(b.title['en-us']));
  if (banners.length) await db.insertInto('banners').values(banners.map((b) => ({ position: 'home' as const, title: json(b.title), image: b.image, link: b.link, sort: b.sort }))).execute();
  const notices = new Set((await db.selectFrom('notices').select(sql<string>`title ->> 'en-us'`.as('english')).execute()).map((n) => n.english));
  const missing = SHOWCASE_NOTICES.filter((n) => !notices.has(n.title['en-us']));
  // Dated now: the newest notice, first in the home page's notice bar.
  if (missing.length) await db.insertInto('notices').values(missing.map((n) => ({ title: json(n.title), summary: json(n.body), content: json(Object.fromEntries(Object.entries(n.body).map(([l, text]) => [l, `<p>${text}</p>`]))), published_at: new Date() }))).execute();
}

/** Charity causes to give to, when the shop has none. */
async function seedCharityCauses(db: Tx): Promise<void> {
  if (await db.selectFrom('charity_causes').select('id').limit(1).executeTakeFirst()) return;
  await db
    .insertInto('charity_causes')
    .values(CHARITY_CAUSES.map((c, i) => ({ title: json(c.title), description: json(c.description), image: `/media/demo/cause-${i + 1}.png`, currency: c.currency, min_amount_minor: c.min, goal_minor: c.goal, created_by: BY })))
    .execute();
}

/** The demo member's own shop: the shop-owner role, an open shop offering three goods it holds stock of. */
export const DEMO_SHOP = { name: 'Demo Corner', intro: 'Tea, coffee and snacks, picked by the demo member.', goods: 3, units: 20 } as const;

async function seedDemoShop(db: Tx): Promise<void> {
  const member = await findUserByUserName(db, DEMO_MEMBER.user_name);
  if (!member || (await findShopOfOwner(db, member.id))) return;
  await db.insertInto('member_roles').values({ member_id: member.id, kind: 'shop_owner', granted_by: BY, reason: 'Demo shop' }).onConflict((oc) => oc.columns(['member_id', 'kind']).doNothing()).execute();
  const shop = await insertShop(db, { owner_id: member.id, name: DEMO_SHOP.name, intro: DEMO_SHOP.intro, contact_mobile: `${member.mobile_pre ?? ''}${member.mobile ?? ''}`, address: 'Kuala Lumpur', region: 'MY' });
  if (!shop) return;
  // Goods of the platform, at its prices, in dollars: the first food and drinks on sale with stock.
  const skus = await db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .innerJoin('categories as c', 'c.id', 'g.category_id')
    .select(['s.id', 's.goods_id'])
    .where('g.status', '=', 'on_sale')
    .where('g.currency', '=', 'USD')
    .where('s.stock', '>', 0)
    .where(sql<string>`c.name ->> 'en-us'`, '=', 'Food & Drinks')
    .orderBy('g.id')
    .orderBy('s.id')
    .execute();
  const firstOfEach = skus.filter((s, i) => skus.findIndex((o) => o.goods_id === s.goods_id) === i).slice(0, DEMO_SHOP.goods);
  for (const sku of firstOfEach) {
    await upsertShopGoods(db, shop.id, sku.goods_id, true);
    await changeShopStock(db, actor(), { shopId: shop.id, skuId: sku.id, goodsId: sku.goods_id, delta: DEMO_SHOP.units, cause: 'operator', reference: 'demo', reason: 'Demo stock' });
  }
}

/**
 * Where the demo member's returns go, and a service point, in the demo member's country: an approved
 * return then shows the member where to send the goods. Only when the shop has none.
 */
export const DEMO_RETURN_ADDRESS = { country_code: 'MY', name: 'Demo Shop returns centre', address: 'Lot 5, Jalan Utas 15/7, 40200 Shah Alam, Selangor', phone: '+60 3-5510 0000', hours: 'Mon–Fri 9:00–18:00' } as const;

async function seedAfterSalesAddresses(db: Tx): Promise<void> {
  if (await db.selectFrom('after_sale_addresses').select('id').limit(1).executeTakeFirst()) return;
  await insertAddress(db, { ...DEMO_RETURN_ADDRESS, kind: 'return' });
  await insertAddress(db, { country_code: DEMO_RETURN_ADDRESS.country_code, kind: 'service', name: 'Demo Shop service point, Kuala Lumpur', address: 'G-12, Jalan Sultan Ismail, 50250 Kuala Lumpur', phone: '+60 3-2141 0000', hours: 'Daily 10:00–20:00' });
}

/** The demo shop's accounts members transfer to for a bank-transfer top-up (the channel is offered only in currencies with one), once. */
async function seedCollectionAccounts(db: Tx): Promise<void> {
  if (await db.selectFrom('collection_accounts').select('id').limit(1).executeTakeFirst()) return;
  const account = (currency: string, bank_name: string, account_number: string, branch: string) => ({ currency, bank_name, account_name: 'Demo Shop Sdn Bhd', account_number, branch, created_by: BY });
  await db
    .insertInto('collection_accounts')
    .values([account('USD', 'Demo Bank (sandbox)', '000-111-2222', 'Kuala Lumpur'), account('MYR', 'Demo Bank (sandbox)', '000-111-3333', 'Kuala Lumpur'), account('CNY', 'Demo Bank (sandbox)', '000-111-4444', 'Shanghai')])
    .execute();
}

/** Points, shopping points and two gift cards for the demo member, once. */
async function seedDemoMemberWallet(db: Tx): Promise<void> {
  const member = await findUserByUserName(db, DEMO_MEMBER.user_name);
  if (!member) return;
  const a = actor();
  for (const kind of ['points', 'shopping_points'] as const) {
    await post(db, {
      kind: 'points.grant',
      reference: { type: 'member', id: member.id },
      idempotencyKey: `demo-seed:${kind}:${member.id}`,
      actor: a,
      // No memo: the member's history names the grant in their own language (a memo is shown as written).
      postings: [
        { account: { system: 'promotions', asset: kind, currency: POINTS_CURRENCY }, amount: -DEMO_GIFTS[kind] },
        { account: { member: member.id, asset: kind, currency: POINTS_CURRENCY }, amount: DEMO_GIFTS[kind] },
      ],
    });
  }
  if (await db.selectFrom('gift_card_batches').select('id').where('issued_to', '=', member.id).where('created_by', '=', BY).executeTakeFirst()) return;
  const { count, value, currency } = DEMO_GIFTS.giftCards;
  const expires_at = new Date(Date.now() + RUNS_FOR).toISOString();
  const batch = await insertGiftCardBatch(db, { currency, value, count, expires_at, issued_to: member.id, created_by: BY, reason: 'Demo gift cards to try paying with gift-card value' });
  await insertGiftCards(db, Array.from({ length: count }, () => ({ batch_id: batch.id, code: randomBytes(8).toString('hex').toUpperCase(), owner_id: member.id, received_from: null, currency, value, remaining: value, expires_at, redeemed_at: null })));
  await post(db, {
    kind: 'gift_card.issue',
    reference: { type: 'gift_card_batch', id: batch.id },
    idempotencyKey: `gift_card_batch:${batch.id}:issue`,
    actor: a,
    postings: [
      { account: { system: 'promotions', asset: 'gift_card', currency }, amount: -value * count },
      { account: { member: member.id, asset: 'gift_card', currency }, amount: value * count },
    ],
  });
}

export async function seedShowcaseDemo(deps: AppDeps): Promise<void> {
  await withTransaction(deps.db, async (db) => {
    // Several API processes may start on one empty database at once: one seeds, the others wait and find it done.
    await sql`select pg_advisory_xact_lock(hashtext('demo-seed:showcase'))`.execute(db);
    const worldGoodsId = await seedWorldGoods(db);
    await seedGroupBuys(db);
    await seedWelcomeCoupon(db);
    await seedShowcaseContent(db, worldGoodsId);
    await seedCharityCauses(db);
    await seedDemoShop(db);
    await seedDemoMemberWallet(db);
    await seedAfterSalesAddresses(db);
    await seedCollectionAccounts(db);
    catalogueChangedOnCommit(db, deps);
    contentChangedOnCommit(db, deps);
  });
}

