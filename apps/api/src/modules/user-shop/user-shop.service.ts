import {
  ResponseCode,
  SHOP_AMOUNT_MAX,
  SHOP_NAME_MAX,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type Language,
  type editMyShop,
  type getMyShop,
  type getMyShopGoods,
  type getMyShopTotals,
  type getShopSettingsPage,
  type listMyShopGoods,
  type listMyShopGoodsChoices,
  type listMyShopRestockOrders,
  type listMyShopSales,
  type recordMyShopSale,
  type restockMyShop,
  type setMyShopGoods,
} from '@shop/contract';
import QRCode from 'qrcode';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { actorStamp, memberIdOf, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { businessNumber } from '../../lib/tokens.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import type { SpecDef } from '../catalogue/catalogue.table.js';
import { findGoodsById, findSkusOfGoods } from '../catalogue/catalogue.queries.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { findSkusForCheckout } from '../catalogue/stock.queries.js';
import { maskName, pick } from '../catalogue/texts.js';
import { hasActiveRole } from '../members/roles.queries.js';
import { findApplicationsOf } from '../referral/referral.queries.js';
import { ordersChanged } from '../orders/order-lists.js';
import { lockOrderUnitsOutsideCases } from '../after-sales/after-sales.service.js';
import { shopOrdersChanged } from './shop-order-lists.js';
import * as q from './user-shop.queries.js';
import type { StockCause } from './user-shop.table.js';
import { storedUploadPath, uploadKeyOf } from '../uploads/file-addresses.js';
import { findOwnUpload, markUploadPublic, markUploadsPrivateWhenUnused } from '../uploads/uploads.queries.js';

// Member shops: an owner (a member holding the shop-owner role) sets up one shop, offers platform
// goods at the platform's prices from the stock the shop holds, and records in-person sales. Every
// owner call finds the shop by the caller; another shop's ids answer "not found".

type Texts = Record<string, string>;
const stampOf = (actor: Actor) => {
  const s = actorStamp(actor);
  return `${s.actor_kind}:${s.actor_id}`;
};

/** The app page of a shop, where buyers reach it (its link and QR code). */
export const shopPath = (id: number) => `/pages/shop/home?id=${id}`;

/** A member's masked name as another member sees it. */
export const maskedName = (u: { user_name: string; nickname?: string | null }) => maskName(u.nickname || u.user_name);

/**
 * A phone number as another member sees it: every digit but the last four masked, whatever separates
 * them (spaces, dashes, brackets, a country code) and in any script's digits (full-width, Thai …).
 */
export function maskPhone(phone: string): string {
  const digits = phone.match(/\p{Nd}/gu)?.length ?? 0;
  let seen = 0;
  return phone.replace(/\p{Nd}/gu, (d) => (++seen <= digits - 4 ? '*' : d));
}

/**
 * Whether the member's own member shop keeps their account open (registered in wiring.ts): a shop not
 * closed, or an order of theirs not yet settled, earns into the owner's account at settlement.
 */
export const shopKeepsAccountOpen = (db: Executor, ownerId: number): Promise<boolean> => q.ownsShopThatMayEarn(db, ownerId);

/** The caller's own shop; "no shop" without one or without the shop-owner role now. */
export async function ownShop(db: Executor, actor: Actor): Promise<q.ShopRow> {
  const memberId = memberIdOf(actor);
  const shop = await q.findShopOfOwner(db, memberId);
  if (!shop || !shop.owner_active) throw new AppError(ResponseCode.shopMissing);
  return shop;
}

/**
 * Refuses what its owner may no longer do at a shop an operator closed (move its orders, change its
 * profile, record a slip), saying which with `messageKey`; the shop stays as the closing left it.
 */
export function refuseAtClosedShop(shop: { status: string }, messageKey: 'userShop.code.shopClosedOrders' | 'userShop.code.shopClosedProfile' | 'userShop.code.shopClosedSlips') {
  if (shop.status === 'closed') throw new AppError(ResponseCode.shopOrderState, undefined, { messageKey });
}

/** Whether buyers may see the shop: not closed, its owner's account active and still a shop owner. */
export async function shopVisible(_db: Executor, shop: q.ShopRow): Promise<boolean> {
  return shop.status !== 'closed' && shop.owner_status === 'active' && shop.owner_active;
}

/**
 * Why a shop takes no orders and no payments now: hidden from buyers (closed, its owner's account not
 * active or no longer a shop owner: 8102, "not found") or paused (8107); undefined when it takes them.
 * `shopRefusalSql` of user-shop.queries.ts is the same rule, for reads that carry it.
 */
export function shopRefusal(shop: q.ShopRow): number | undefined {
  if (shop.status === 'closed' || shop.owner_status !== 'active' || !shop.owner_active) return ResponseCode.shopItemNotFound;
  if (shop.status !== 'open') return ResponseCode.shopNotTakingOrders;
  return undefined;
}

/** A shop buyers may see, or "the shop does not exist" (a hidden shop answers the same as none). */
export async function visibleShop(db: Executor, shopId: number): Promise<q.ShopRow> {
  const shop = await q.findShop(db, shopId);
  if (!shop || !(await shopVisible(db, shop))) throw new AppError(ResponseCode.shopNotFound);
  return shop;
}

function shopAnswer(shop: q.ShopRow, mine: boolean): EndpointData<typeof getMyShop> {
  return {
    id: Number(shop.id),
    name: shop.name,
    logo: shop.logo,
    intro: shop.intro,
    contact_mobile: mine ? shop.contact_mobile : maskPhone(shop.contact_mobile),
    address: shop.address,
    region: shop.region,
    status: shop.status,
    status_reason: mine ? shop.status_reason : '',
    status_changed_at: mine ? iso(shop.status_changed_at) : null,
    owner_name: maskedName({ user_name: shop.owner_user_name, nickname: shop.owner_nickname }),
    share_path: shopPath(Number(shop.id)),
    mine,
    created_at: iso(shop.created_at),
  };
}

/** The owner's own shop with its public link to share and that link's QR code (as the invitation page has the member's); none for a closed shop, whose page buyers cannot open. */
async function ownShopAnswer(config: AppDeps['config'], shop: q.ShopRow): Promise<EndpointData<typeof getMyShop>> {
  if (shop.status === 'closed') return shopAnswer(shop, true);
  const share_url = `${publicBaseUrl(config)}/h5/#${shopPath(Number(shop.id))}`;
  return { ...shopAnswer(shop, true), share_url, qr_code: await QRCode.toDataURL(share_url, { margin: 1, width: 240 }) };
}

/** The caller's own shop (with its link and QR code), or another visible shop's public profile. */
export async function shopInfo(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, input: EndpointQuery<typeof getMyShop>): Promise<EndpointData<typeof getMyShop>> {
  const { db, config } = deps;
  const memberId = memberIdOf(actor);
  if (input.shop_id !== undefined) {
    const shop = await q.findShop(db, input.shop_id);
    if (shop && Number(shop.owner_id) === memberId) return ownShopAnswer(config, shop);
    return shopAnswer(await visibleShop(db, input.shop_id), false);
  }
  return ownShopAnswer(config, await ownShop(db, actor));
}

/**
 * Sets up the caller's shop (a shop owner only, once) or edits its profile; `paused` pauses an open
 * shop or opens a paused one. A shop an operator closed is refused: it stays closed, as it was.
 */
export async function editShop(db: Executor, actor: Actor, input: EndpointBody<typeof editMyShop>): Promise<EndpointData<typeof editMyShop>> {
  const memberId = memberIdOf(actor);
  if (!(await hasActiveRole(db, memberId, 'shop_owner'))) throw new AppError(ResponseCode.shopOwnerRoleRequired);
  // The logo is an image the owner uploaded here (or none); shown to every buyer, so its file becomes
  // public, kept by its path here whatever host it was sent with.
  const key = input.logo ? uploadKeyOf(input.logo) : undefined;
  if (input.logo && (!key || !(await findOwnUpload(db, memberId, key, 'image')))) throw new ValidationError([{ field: 'logo', key: 'validation.invalid', params: { field: 'logo' } }]);
  const logo = key ? storedUploadPath(key) : input.logo;
  await withTransaction(db, async (tx) => {
    const found = await q.findShopOfOwner(tx, memberId);
    // Locked: two edits at once each see the logo the other replaced.
    if (found) await q.lockShopForUpdate(tx, Number(found.id));
    const existing = found && (await q.findShopOfOwner(tx, memberId));
    // A shop the platform closed keeps the profile buyers' past orders and carts show (and stays closed).
    if (existing) refuseAtClosedShop(existing, 'userShop.code.shopClosedProfile');
    if (key) await markUploadPublic(tx, memberId, key);
    const keep = (v: string | undefined, was: string | undefined) => v ?? was ?? '';
    const profile = { name: input.name, logo: keep(logo, existing?.logo), intro: keep(input.intro, existing?.intro), contact_mobile: keep(input.contact_mobile, existing?.contact_mobile), address: keep(input.address, existing?.address), region: keep(input.region, existing?.region) };
    if (!existing) await q.insertShop(tx, { owner_id: memberId, ...profile });
    else {
      await q.updateShopProfile(tx, Number(existing.id), profile);
      // The shop's name and logo are on each of its orders in the owner's list.
      shopOrdersChanged(tx, [Number(existing.id)]);
    }
    const shop = (await q.findShopOfOwner(tx, memberId))!;
    // The replaced logo is private again unless something else public still shows it.
    const replaced = existing?.logo ? uploadKeyOf(existing.logo) : undefined;
    if (replaced && shop.logo !== existing!.logo) await markUploadsPrivateWhenUnused(tx, memberId, [replaced]);
    if (input.paused === true) await q.setShopStatus(tx, Number(shop.id), ['open'], 'paused', '');
    if (input.paused === false) await q.setShopStatus(tx, Number(shop.id), ['paused'], 'open', '');
  });
  return shopAnswer((await q.findShopOfOwner(db, memberId))!, true);
}

/**
 * The profile an owner's shop starts from: the shop name, phone and address of their newest approved
 * shop-owner application (the shop itself is set up by the owner's first `editShop`), or none.
 */
async function applicationDraft(db: Executor, memberId: number): Promise<EndpointData<typeof getShopSettingsPage>['draft']> {
  const approved = (await findApplicationsOf(db, memberId)).find((a) => a.kind === 'shop_owner' && a.status === 'approved');
  if (!approved) return null;
  const f = approved.fields;
  return { name: (f.shop_name ?? '').slice(0, SHOP_NAME_MAX), contact_mobile: f.mobile ? `+${f.mobile_pre ?? ''} ${f.mobile}` : '', address: f.address ?? '' };
}

/** The shop settings page: the caller's role and shop (or, before it is set up, the application's draft of it), and the rows that lead to the shop's pages. */
export async function settingsPage(db: Executor, actor: Actor): Promise<EndpointData<typeof getShopSettingsPage>> {
  const memberId = memberIdOf(actor);
  const isOwner = await hasActiveRole(db, memberId, 'shop_owner');
  const shop = await q.findShopOfOwner(db, memberId);
  if (!isOwner) return { is_owner: false, shop: null, entries: [] };
  if (!shop) return { is_owner: true, shop: null, entries: [{ key: 'profile', value: '', path: '/pages/shop/settings', done: false }], draft: await applicationDraft(db, memberId) };
  const shopId = Number(shop.id);
  const [goods, audits, stock] = await Promise.all([q.countGoodsOnSale(db, shopId), q.countShopOrders(db, shopId, ['awaiting_audit']), q.sumShopStock(db, shopId)]);
  return {
    is_owner: true,
    shop: shopAnswer(shop, true),
    entries: [
      { key: 'profile', value: shop.name, path: '/pages/shop/settings', done: true },
      { key: 'goods', value: String(goods), path: '/pages/shop/goods', done: goods > 0 },
      { key: 'stock', value: String(stock), path: '/pages/shop/goods', done: stock > 0 },
      { key: 'orders', value: String(audits), path: '/pages/shop/orders?view=awaiting_audit', done: audits === 0 },
      { key: 'slips', value: '', path: '/pages/shop/slips', done: true },
    ],
  };
}

const perCurrency = (rows: Array<{ currency: string; amount: string | number | null }>) => rows.map((r) => ({ currency: r.currency, amount: Number(r.amount ?? 0) }));
const startOfDay = () => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
};
const monthRange = (month?: string) => {
  const now = new Date();
  const [y, m] = month ? month.split('-').map(Number) : [now.getUTCFullYear(), now.getUTCMonth() + 1];
  return { from: new Date(Date.UTC(y!, m! - 1, 1)), to: new Date(Date.UTC(y!, m!, 1)) };
};

/** The owner's totals. */
export async function shopTotals(db: Executor, actor: Actor): Promise<EndpointData<typeof getMyShopTotals>> {
  const shopId = Number((await ownShop(db, actor)).id);
  const [audits, toShip, today, month, goods, stock, slips, earnings, currencies] = await Promise.all([
    q.countShopOrders(db, shopId, ['awaiting_audit']),
    q.countShopOrders(db, shopId, ['approved']),
    q.findPaidSince(db, shopId, startOfDay()),
    q.findPaidSince(db, shopId, monthRange().from),
    q.countGoodsOnSale(db, shopId),
    q.sumShopStock(db, shopId),
    q.sumSales(db, shopId, monthRange()),
    q.findEarnings(db, shopId),
    q.findShopCurrencies(db, shopId),
  ]);
  return {
    orders_awaiting_audit: audits,
    orders_to_ship: toShip,
    orders_today: today.reduce((s, r) => s + Number(r.n), 0),
    sales_today: perCurrency(today),
    sales_month: perCurrency(month),
    goods_on_sale: goods,
    stock_units: stock,
    sales_slips_month: slips.reduce((s, r) => s + Number(r.n), 0),
    earnings: perCurrency(earnings),
    currencies,
  };
}

// ── Prices ──────────────────────────────────────────────────────────────────────────────────

type Band = { price_below_bp: number; price_above_bp: number };
/** The prices an owner may set for an SKU: the operators' band around the platform's price (whole minor units inside it). */
export const bandOf = (platform: number, band: Band) => ({ min: Math.ceil((platform * (10_000 - band.price_below_bp)) / 10_000), max: Math.floor((platform * (10_000 + band.price_above_bp)) / 10_000) });
/** The price a shop sells an SKU at: its own (or the platform's), held inside the band (`shopPriceSql` is the same rule in SQL). */
export const bandPrice = (platform: number, own: number | undefined, band: Band) => {
  const { min, max } = bandOf(platform, band);
  return Math.max(Math.min(own ?? platform, max), min);
};

// ── Goods and stock ─────────────────────────────────────────────────────────────────────────

const goodsAnswer = (r: q.ShopGoodsRow, lang: Language) => ({
  id: Number(r.id),
  goods_id: Number(r.goods_id),
  name: pick(r.name as Texts, lang),
  cover: r.cover,
  price: Number(r.price ?? 0),
  currency: r.currency,
  pv: Number(r.pv),
  stock: Number(r.stock),
  on_sale: r.on_sale && r.goods_status === 'on_sale',
});

/** A shop's goods: all of the owner's own, or what a visible shop offers now. */
export async function shopGoods(db: Executor, actor: Actor, input: EndpointQuery<typeof listMyShopGoods>): Promise<EndpointData<typeof listMyShopGoods>> {
  const memberId = memberIdOf(actor);
  let shopId: number;
  let mine = false;
  if (input.shop_id === undefined) shopId = Number((await ownShop(db, actor)).id);
  else {
    const shop = await q.findShop(db, input.shop_id);
    mine = !!shop && Number(shop.owner_id) === memberId;
    shopId = mine ? Number(shop!.id) : Number((await visibleShop(db, input.shop_id)).id);
  }
  if (input.shop_id === undefined) mine = true;
  const rows = await q.findShopGoodsPage(db, shopId, { onSaleOnly: !mine, q: input.q }, input.limit, (input.page - 1) * input.limit);
  return pageOf(rows.map((r) => goodsAnswer(r, actor.lang)), totalOf(rows), input);
}

/** One shop goods with its SKUs and what the shop holds of each (the owner's own, or one a visible shop offers). */
export async function shopGoodsInfo(db: Executor, actor: Actor, input: EndpointQuery<typeof getMyShopGoods>): Promise<EndpointData<typeof getMyShopGoods>> {
  const memberId = memberIdOf(actor);
  const row = await q.findShopGoods(db, input.id);
  if (!row) throw new AppError(ResponseCode.shopItemNotFound);
  const shop = await q.findShop(db, Number(row.shop_id));
  const mine = !!shop && Number(shop.owner_id) === memberId;
  if (mine) await ownShop(db, actor);
  else if (!shop || !(await shopVisible(db, shop)) || !row.on_sale || row.goods_status !== 'on_sale') throw new AppError(ResponseCode.shopItemNotFound);
  const goods = await findGoodsById(db, Number(row.goods_id));
  const skus = await findSkusOfGoods(db, Number(row.goods_id));
  const skuIds = skus.map((s) => Number(s.id));
  const [stock, own, band] = await Promise.all([q.findShopStock(db, Number(row.shop_id), skuIds), q.findShopSkuPrices(db, Number(row.shop_id), skuIds), q.findShopSettings(db)]);
  const specs = (goods?.specs ?? []) as SpecDef[];
  return {
    ...goodsAnswer(row, actor.lang),
    shop_id: Number(row.shop_id),
    images: (row.images as string[]) ?? [],
    skus: skus.map((s) => {
      const platform = Number(s.price_minor);
      const { min, max } = bandOf(platform, band);
      return { sku_id: Number(s.id), spec_text: skuSpecText(specs, s.spec_value_ids as number[], actor.lang), image: s.image || row.cover, price: bandPrice(platform, own.get(Number(s.id)), band), platform_price: platform, price_min: min, price_max: max, pv: Number(s.pv), stock: stock.get(Number(s.id)) ?? 0 };
    }),
  };
}

/** Platform goods the owner may offer, with whether the shop offers them and its stock of them. */
export async function goodsChoices(db: Executor, actor: Actor, input: EndpointQuery<typeof listMyShopGoodsChoices>): Promise<EndpointData<typeof listMyShopGoodsChoices>> {
  const shopId = Number((await ownShop(db, actor)).id);
  const rows = await q.findGoodsChoicesPage(db, shopId, input.q, input.limit, (input.page - 1) * input.limit);
  return pageOf(
    rows.map((r) => ({ goods_id: Number(r.goods_id), name: pick(r.name as Texts, actor.lang), cover: r.cover, price: Number(r.price ?? 0), currency: r.currency, pv: Number(r.pv), stock: Number(r.stock), added: r.on_sale === true })),
    totalOf(rows),
    input,
  );
}

/**
 * Refuses a shop price or an amount collected past the shop's limit (in minor units) as the contract
 * refuses a field (422), the limit said in the goods' own currency: only here is that currency known.
 */
function refuseShopAmountTooLarge(field: string, minor: number, currency: string): void {
  if (minor > SHOP_AMOUNT_MAX) throw new ValidationError([{ field, key: 'userShop.validation.amountTooLarge', params: { max: new Amount(SHOP_AMOUNT_MAX, currency), currency } }]);
}

/**
 * Puts platform goods on the shop's shelves (only goods the platform sells) or takes them off, and
 * sets the shop's own prices of its SKUs: each inside the operators' band around the platform's
 * price, else refused with the band and nothing changed.
 */
export async function setShopGoods(db: Executor, actor: Actor, input: EndpointBody<typeof setMyShopGoods>): Promise<EndpointData<typeof setMyShopGoods>> {
  const shopId = Number((await ownShop(db, actor)).id);
  const goods = await findGoodsById(db, input.goods_id);
  if (!goods || (input.on_sale && goods.status !== 'on_sale')) throw new AppError(ResponseCode.shopGoodsNotOffered);
  (input.prices ?? []).forEach((p, i) => refuseShopAmountTooLarge(`prices.${i}.price`, p.price, goods.currency));
  const prices = [...new Map((input.prices ?? []).map((p) => [p.sku_id, p])).values()];
  if (prices.length) {
    const skus = new Map((await findSkusOfGoods(db, input.goods_id)).map((k) => [Number(k.id), Number(k.price_minor)]));
    const band = await q.findShopSettings(db);
    for (const p of prices) {
      const platform = skus.get(p.sku_id);
      if (platform === undefined) throw new AppError(ResponseCode.shopGoodsNotOffered);
      const { min, max } = bandOf(platform, band);
      if (p.price < min || p.price > max) {
        // A band of no width allows one price: said as that price, not "between 20.00 and 20.00".
        if (min === max) throw new AppError(ResponseCode.shopPriceOutOfBand, { price: new Amount(min, goods.currency), currency: goods.currency }, { messageKey: 'userShop.code.shopPriceFixed' });
        throw new AppError(ResponseCode.shopPriceOutOfBand, { min: new Amount(min, goods.currency), max: new Amount(max, goods.currency), currency: goods.currency });
      }
    }
  }
  await withTransaction(db, async (tx) => {
    await q.upsertShopGoods(tx, shopId, input.goods_id, input.on_sale);
    if (prices.length) await q.upsertShopSkuPrices(tx, shopId, prices);
  });
  return goodsAnswer((await q.findShopGoodsOf(db, shopId, input.goods_id))!, actor.lang);
}

/**
 * Changes what a shop holds of an SKU, in the caller's transaction, with its record: units arrive
 * (restock, an operator) or are taken by the conditional update, never below zero. Answers the
 * stock after, or undefined when fewer than asked were there (nothing changed).
 */
export async function changeShopStock(tx: Tx, actor: Actor, c: { shopId: number; skuId: number; goodsId: number; delta: number; cause: StockCause; reference: string; reason?: string }): Promise<number | undefined> {
  const after = c.delta > 0 ? await q.addShopStock(tx, c.shopId, c.skuId, c.goodsId, c.delta) : await q.takeShopStock(tx, c.shopId, c.skuId, -c.delta);
  if (after === undefined) return undefined;
  await q.insertStockAdjustment(tx, { shop_id: c.shopId, sku_id: c.skuId, delta: c.delta, stock_after: after, cause: c.cause, reference: c.reference, reason: c.reason ?? '', actor: stampOf(actor) });
  return after;
}

/** Units of the SKUs summed per SKU, in ascending SKU order (the order every stock change locks rows in). */
export function unitsPerSku(lines: Array<{ sku_id: number; num: number }>): Array<{ sku_id: number; num: number }> {
  const sum = new Map<number, number>();
  for (const l of lines) sum.set(l.sku_id, (sum.get(l.sku_id) ?? 0) + l.num);
  return [...sum.entries()].sort((a, b) => a[0] - b[0]).map(([sku_id, num]) => ({ sku_id, num }));
}

/**
 * Books a regular order the owner bought and received (completed) into the shop's stock, once per
 * order (a repeat answers what it adds: nothing). It takes the units of each line that no after-sales
 * case holds (an open case of any kind, or a return taken back or refunded), under the order's row
 * lock, which opening a case takes too: a return and a restock of the same units at once never both
 * have them. What it does not take stays the owner's; when every unit is in a case it is refused and
 * books nothing (the order may be booked once its cases end without taking the goods back).
 */
export async function restock(db: Executor, actor: Actor, input: EndpointBody<typeof restockMyShop>): Promise<EndpointData<typeof restockMyShop>> {
  const shopId = Number((await ownShop(db, actor)).id);
  const memberId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const found = await lockOrderUnitsOutsideCases(tx, input.order_id);
    if (!found || found.order.user_id !== memberId) throw new AppError(ResponseCode.shopItemNotFound);
    const { order } = found;
    if (order.status !== 'completed') throw new AppError(ResponseCode.shopRestockNotReceived);
    const free = unitsPerSku(found.lines.map((l) => ({ sku_id: l.line.sku_id, num: l.free })));
    const goodsOf = new Map(found.lines.map((l) => [l.line.sku_id, l.line.goods_id]));
    const units = free.reduce((s, l) => s + l.num, 0);
    const fresh = await q.insertRestock(tx, { order_id: order.id, shop_id: shopId, units });
    const untouched = fresh ? free.filter((l) => l.num === 0) : free;
    const held = untouched.length ? await q.findShopStock(tx, shopId, untouched.map((l) => l.sku_id)) : new Map<number, number>();
    if (!fresh) return { order_id: order.id, units: 0, lines: free.map((l) => ({ sku_id: l.sku_id, added: 0, stock: held.get(l.sku_id) ?? 0 })) };
    if (units === 0) throw new AppError(ResponseCode.shopRestockNothingLeft);
    const out = [];
    for (const l of free) {
      const after = l.num > 0 ? (await changeShopStock(tx, actor, { shopId, skuId: l.sku_id, goodsId: goodsOf.get(l.sku_id)!, delta: l.num, cause: 'restock', reference: q.restockReference(order.order_no) }))! : (held.get(l.sku_id) ?? 0);
      out.push({ sku_id: l.sku_id, added: l.num, stock: after });
    }
    // Booked units are out of after-sales: the member's order lists (`can_after_sale`) are read anew.
    ordersChanged(tx, [memberId]);
    return { order_id: order.id, units, lines: out };
  });
}

/** The owner's received regular orders a restock would still take (not booked, units outside after-sales), newest first. */
export async function restockableOrders(db: Executor, actor: Actor, input: EndpointQuery<typeof listMyShopRestockOrders>): Promise<EndpointData<typeof listMyShopRestockOrders>> {
  await ownShop(db, actor);
  const rows = await q.findRestockableOrders(db, memberIdOf(actor), input.limit, (input.page - 1) * input.limit);
  const list = rows.map((o) => ({
    id: Number(o.id),
    order_no: o.order_no,
    completed_at: iso(o.completed_at),
    lines: o.lines.map((l) => ({ sku_id: Number(l.sku_id), name: pick(l.name, actor.lang), spec_text: pick(l.spec_text, actor.lang), num: l.quantity })),
  }));
  return pageOf(list, totalOf(rows), input);
}

// ── Sales slips ─────────────────────────────────────────────────────────────────────────────

type LineRow = { goods_id: number | string; sku_id: number | string; name: unknown; image: string; price_minor: number | string; quantity: number; pv: number; spec_value_ids: unknown; specs: unknown };
/** A stored order or slip line as the contract answers it. */
export const lineAnswer = (l: LineRow, lang: Language) => ({
  sku_id: Number(l.sku_id),
  goods_id: Number(l.goods_id),
  name: pick(l.name as Texts, lang),
  spec_text: skuSpecText((l.specs ?? []) as SpecDef[], (l.spec_value_ids ?? []) as number[], lang),
  image: l.image,
  price: Number(l.price_minor),
  num: l.quantity,
  pv: Number(l.pv),
  total: Number(l.price_minor) * l.quantity,
});

/** A number for a slip: `S`, the date and 10 random digits, as wide as an order's (8 left a busy day a real chance of two slips drawing the same). */
const saleNo = () => businessNumber('S');

/**
 * Records an in-person sale from the shop's stock: every SKU held by the shop, of one currency; the
 * stock taken line by line with the conditional update (ascending SKU order), all or nothing. The
 * money was collected offline and is not booked. A member buyer is one attached to the shop (invited
 * by its owner, or a past buyer), never the owner; a slip earns nobody PV.
 */
export async function recordSale(db: Executor, actor: Actor, input: EndpointBody<typeof recordMyShopSale>): Promise<EndpointData<typeof recordMyShopSale>> {
  const shop = await ownShop(db, actor);
  // A closed shop sells nothing more, in person neither: its stock stays as the closing left it.
  refuseAtClosedShop(shop, 'userShop.code.shopClosedSlips');
  const shopId = Number(shop.id);
  let buyer: { id: number; user_name: string; nickname: string | null } | undefined;
  if (input.buyer_id !== undefined) {
    if (input.buyer_id === Number(shop.owner_id)) throw new AppError(ResponseCode.shopOwnShop);
    // An unknown id and a member with no link to the shop get the same answer: ids cannot be probed.
    const u = await q.findShopMember(db, { id: shopId, owner_id: Number(shop.owner_id) }, input.buyer_id);
    if (!u) throw new AppError(ResponseCode.shopBuyerNotFound);
    buyer = { id: Number(u.id), user_name: u.user_name, nickname: u.nickname };
  }
  const lines = unitsPerSku(input.lines);
  const skus = new Map((await findSkusForCheckout(db, lines.map((l) => l.sku_id))).map((s) => [Number(s.id), s]));
  const held = await q.findShopStock(db, shopId, lines.map((l) => l.sku_id));
  for (const l of lines) if (!skus.has(l.sku_id) || !held.has(l.sku_id)) throw new AppError(ResponseCode.shopGoodsNotOffered);
  const currencies = new Set([...skus.values()].map((s) => s.currency));
  if (currencies.size > 1) throw new AppError(ResponseCode.shopCurrencyMixed);
  refuseShopAmountTooLarge('paid', input.paid, [...currencies][0]!);
  const rows = lines.map((l) => {
    const s = skus.get(l.sku_id)!;
    return { goods_id: Number(s.goods_id), sku_id: l.sku_id, name: JSON.stringify(s.name), image: s.image || s.cover, price_minor: Number(s.price_minor), quantity: l.num };
  });
  const sale = await withTransaction(db, async (tx) => {
    const no = saleNo();
    for (const r of rows) {
      const after = await changeShopStock(tx, actor, { shopId, skuId: r.sku_id, goodsId: r.goods_id, delta: -r.quantity, cause: 'slip', reference: `slip:${no}` });
      if (after === undefined) {
        const s = skus.get(r.sku_id)!;
        throw new AppError(ResponseCode.shopStockShort, { name: pick(s.name as Texts, actor.lang), stock: (await q.findShopStock(tx, shopId, [r.sku_id])).get(r.sku_id) ?? 0 });
      }
    }
    return q.insertSale(
      tx,
      // A slip earns no PV (the owner's restock order earned these units' PV): none is stored.
      { sale_no: no, shop_id: shopId, buyer_id: buyer?.id ?? null, buyer_name: buyer ? '' : input.buyer_name, currency: [...currencies][0]!, goods_minor: rows.reduce((s, r) => s + r.price_minor * r.quantity, 0), paid_minor: input.paid, pv: 0, note: input.note },
      rows.map((r) => ({ ...r, pv: 0 })),
    );
  });
  const page = await q.findSalesPage(db, shopId, undefined, 1, 0);
  const saved = page.find((r) => Number(r.id) === Number(sale.id)) ?? { ...sale, buyer_user_name: buyer?.user_name ?? null, buyer_nickname: buyer?.nickname ?? null, total: '1' };
  return (await slipsAnswer(db, [saved], actor.lang))[0]!;
}

type SaleRow = Awaited<ReturnType<typeof q.findSalesPage>>[number];
/** Sales slips as the contract answers them (the owner's list, the console's shop detail). */
export async function slipsAnswer(db: Executor, rows: SaleRow[], lang: Language) {
  const lines = await q.findSaleLines(db, rows.map((r) => Number(r.id)));
  return rows.map((r) => ({
    id: Number(r.id),
    no: r.sale_no,
    buyer_id: r.buyer_id === null ? null : Number(r.buyer_id),
    buyer_name: r.buyer_id !== null && r.buyer_user_name ? maskedName({ user_name: r.buyer_user_name, nickname: r.buyer_nickname }) : r.buyer_name,
    // Slips earn no PV: 0, also for slips recorded when a figure was still stored on them.
    lines: lines.filter((l) => Number(l.sale_id) === Number(r.id)).map((l) => ({ ...lineAnswer(l, lang), pv: 0 })),
    goods_total: Number(r.goods_minor),
    paid: Number(r.paid_minor),
    currency: r.currency,
    pv: 0,
    note: r.note,
    created_at: iso(r.created_at),
  }));
}

/** The shop's slips, newest first, of a month or all, with what they collected per currency. */
export async function salesList(db: Executor, actor: Actor, input: EndpointQuery<typeof listMyShopSales>): Promise<EndpointData<typeof listMyShopSales>> {
  const shopId = Number((await ownShop(db, actor)).id);
  const range = input.month ? monthRange(input.month) : undefined;
  const rows = await q.findSalesPage(db, shopId, range, input.limit, (input.page - 1) * input.limit);
  return { ...pageOf(await slipsAnswer(db, rows, actor.lang), totalOf(rows), input), sum: perCurrency(await q.sumSales(db, shopId, range)) };
}
