import {
  CART_LINE_MAX,
  LANGUAGES,
  ResponseCode,
  roleAllows,
  type CheckoutData,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type Language,
  type OrderInfo,
  type OrderSummary,
  type adminCancelOrder,
  type createOrder,
  type getCheckoutGoods,
  listOrders,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import { actorStamp, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { findOperatorById } from '../operators/operators.queries.js';
import { Expiring, responseCache } from '../../lib/cache.js';
import { AppError } from '../../lib/errors.js';
import { businessNumber } from '../../lib/tokens.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { findShippingAddress } from '../address/address.queries.js';
import type { ShippingAddressRow } from '../address/address.table.js';
import * as cartQueries from '../cart/cart.queries.js';
import { lineProblem, memberIdOf } from '../cart/cart.service.js';
import { quoteFromRates, SHOP_CURRENCY, type RateQuote } from '../rates/rates.service.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import type { Texts } from '../catalogue/catalogue.table.js';
import { catalogueChangedOnCommit, goodsChangedOnCommit } from '../catalogue/response-cache.js';
import { pick } from '../catalogue/texts.js';
import { balancesFromRows, type Balances } from '../ledger/ledger.service.js';
import { orderAmounts, type OrderAmounts, type PointsParts } from './amounts.js';
import { convertMinor, exactRate, internationalTerms, type ShippingMethod } from './freight.js';
import { paymentsOfPayable } from '../payments/payment-history.js';
import { cancelPayableWithPayments } from '../payments/payable-cancel.js';
import { requirePayProof } from '../payments/payments.service.js';
import { joinGroupOnPayment, leaveGroup } from '../promotions/group-buy.entries.js';
import { unwindGroupOrder } from './group-buy-unwind.js';
import { refundedWhenNothingPaid } from './nothing-to-refund.js';
import { couponDiscount, guardCouponGuess, returnCouponUse, takeCouponUse } from '../promotions/coupons.js';
import { OrderListTag, orderListHooks, ordersChanged } from './order-lists.js';
import { closeRefundRequest, recordOrderEvent, refundSubject, transition } from './order-state.js';
import { scheduleSettlement, settlementHooks } from './order-settlement.js';
import * as q from './orders.queries.js';
import { findEntryOfOrder, findGroup } from '../promotions/group-buy.queries.js';
import { creditEarnedPoints, lowerEarnedForPointsPayment, holdCheckoutPoints, planPoints, pointBalances, refuseShortPoints, pointsEarned, returnCheckoutPoints, spendHeldPoints, type PointsPlan, type PointsSettings } from './points.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { requestApproval } from '../approvals/approvals.service.js';
import type { OrderStatus } from './orders.table.js';
import { iso } from '../../lib/dates.js';
import * as stock from '../catalogue/stock.queries.js';
import { findGoodsPoints } from '../promotions/goods-points.queries.js';

type SkuRow = stock.SkuRow;
type OrderRow = NonNullable<Awaited<ReturnType<typeof q.findOrder>>>;
type OrderLineRow = Awaited<ReturnType<typeof q.findOrderLines>>[number];

/** Attempts of an order's expiry job before it is given up (the overdue sweep still closes the order). */
const EXPIRY_ATTEMPTS = 10;


// ---------------------------------------------------------------- what is bought

interface WantedLine {
  cartId: number | null;
  goodsId: number;
  skuId: number;
  quantity: number;
}

type Source = { cart_ids?: number[]; goods_id?: number; sku_id?: number; num?: number; items?: Array<{ goods_id: number; sku_id: number; num: number }> };

/** The lines a checkout is about: SKUs bought at once, or the member's chosen (else selected) cart lines. */
async function wantedLines(db: Executor, userId: number, source: Source): Promise<WantedLine[]> {
  if (source.items?.length) return source.items.map((i) => ({ cartId: null, goodsId: i.goods_id, skuId: i.sku_id, quantity: i.num }));
  if (source.sku_id !== undefined) {
    if (source.goods_id === undefined) throw new AppError(ResponseCode.skuNotFound);
    return [{ cartId: null, goodsId: source.goods_id, skuId: source.sku_id, quantity: source.num ?? 1 }];
  }
  return (await chosenCartLines(db, userId, source.cart_ids)).map((r) => ({ cartId: r.id, goodsId: r.goods_id, skuId: r.sku_id, quantity: r.quantity }));
}

/** The cart lines an order is made of: those named, or the selected ones (their SKUs and goods read with them). */
async function chosenCartLines(db: Executor, userId: number, cartIds: number[] | undefined) {
  const chosen = await cartQueries.chosenCartLinesQuery(db, userId, cartIds).execute();
  if (!chosen.length) throw new AppError(ResponseCode.nothingSelected);
  return chosen;
}

/**
 * The lines a preview shows, each with its SKU as it stands now (a cart's lines come with theirs),
 * read with the address, the terms, the goods' points rules and the member's balances in one statement.
 */
async function previewView(db: Executor, userId: number, source: Source & { address_id?: number }) {
  if (source.items?.length || source.sku_id !== undefined) {
    const wanted = await wantedLines(db, userId, source);
    const view = await q.findCheckoutView(db, userId, source.address_id, stock.skusForCheckoutQuery(db, wanted.map((w) => w.skuId)));
    const skus = new Map(view.lines.map((s) => [s.id, s]));
    return { ...view, lines: wanted.map((w) => ({ ...w, addedPrice: null, sku: skus.get(w.skuId) })) };
  }
  // The lines named, or else the selected ones.
  const view = await q.findCheckoutView(db, userId, source.address_id, cartQueries.chosenCartLinesQuery(db, userId, source.cart_ids));
  if (!view.lines.length) throw new AppError(ResponseCode.nothingSelected);
  return { ...view, lines: view.lines.map((r) => ({ cartId: r.id, goodsId: r.goods_id, skuId: r.sku_id, quantity: r.quantity, addedPrice: Number(r.added_price_minor), sku: { ...r, id: r.sku_id } })) };
}

/** Quantities summed per SKU, in ascending SKU id order: the order in which stock is reserved. */
export function sumBySku(lines: Array<{ skuId: number; goodsId: number; quantity: number }>): Array<{ skuId: number; goodsId: number; quantity: number }> {
  const sums = new Map<number, { skuId: number; goodsId: number; quantity: number }>();
  for (const l of lines) {
    const s = sums.get(l.skuId);
    if (s) s.quantity += l.quantity;
    else sums.set(l.skuId, { ...l });
  }
  return [...sums.values()].sort((a, b) => a.skuId - b.skuId);
}

/** The one currency of an order's goods; a mix is refused. */
function currencyOf(rows: Array<{ currency: string }>): string {
  const set = new Set(rows.map((r) => r.currency));
  if (set.size > 1) throw new AppError(ResponseCode.mixedCurrencies);
  return rows[0]?.currency ?? SHOP_CURRENCY;
}

type CheckoutTerms = q.CheckoutTerms;

/** Freight and the operating fee at the destination (none without one), and the total. */
function amountsWith(terms: CheckoutTerms, subtotal: number, countryCode: string | undefined, couponDiscount = 0, points?: PointsParts): OrderAmounts {
  if (!countryCode) return orderAmounts({ subtotal, operatingFeeRateBp: 0, freight: 0, couponDiscount, ...points });
  const fee = terms.shipping_fee_minor === null ? 0 : Number(terms.shipping_fee_minor);
  const freeOver = terms.shipping_free_over_minor === null ? undefined : Number(terms.shipping_free_over_minor);
  const freight = freeOver !== undefined && subtotal >= freeOver ? 0 : fee;
  return orderAmounts({ subtotal, operatingFeeRateBp: terms.fee_rate_bp ?? 0, freight, couponDiscount, ...points });
}

/**
 * The points an order takes (as the member asked, within the operator's share) and the points it
 * will earn on completion. Asking more than the member holds is refused alike: by a preview here,
 * with the code placing the order gets from the ledger's hold (see the decision record on points
 * beyond the balance).
 */
async function pointsTerms(
  db: Executor,
  input: { points?: number; shopping_points?: number },
  order: {
    lines: Array<{ goodsId: number; quantity: number; lineTotal: number }>;
    subtotal: number;
    couponDiscount: number;
    currency: string;
    settings: PointsSettings & Pick<CheckoutTerms, 'rates'>;
    /**
     * A preview's: the member's balances, read with its terms (for its offer, and to refuse points
     * beyond them). Placing the order leaves the balance to the ledger's hold.
     */
    previewBalances?: Balances;
    /** The goods' own points rules when already read (checkout reads them with the stock). */
    rules?: Array<{ goods_id: number; points_per_unit: number }>;
  },
): Promise<{ plan: PointsPlan; parts: PointsParts; earned: number; rate: RateQuote | null }> {
  const balances = order.previewBalances ? pointBalances(order.previewBalances) : { points: 0, shopping_points: 0 };
  const rules = order.rules ?? (await findGoodsPoints(db, [...new Set(order.lines.map((l) => l.goodsId))]));
  const goodsAfterCoupon = order.subtotal - order.couponDiscount;
  const rate = pointsRate(order.currency, order.settings.rates);
  const toShop = rate?.rate ?? null;
  const plan = planPoints({ goodsAfterCoupon, currency: order.currency, toShop, settings: order.settings, balances, wanted: input });
  if (order.previewBalances) refuseShortPoints(plan);
  const parts = { pointsUsed: plan.points.used, pointsValue: plan.points.value, shoppingPointsUsed: plan.shopping_points.used, shoppingPointsValue: plan.shopping_points.value };
  const earned = pointsEarned({
    lines: order.lines,
    rules: new Map(rules.map((r) => [Number(r.goods_id), r.points_per_unit])),
    subtotal: order.subtotal,
    moneyForGoods: goodsAfterCoupon - parts.pointsValue - parts.shoppingPointsValue,
    currency: order.currency,
    toShop,
    settings: order.settings,
  });
  return { plan, parts, earned, rate };
}

/**
 * The rate from an order's currency to the shop's that its points are valued at: identity in the
 * shop's currency, else the recorded rates' (as every conversion of the shop quotes them, read
 * with the checkout's terms), null when none is known (then points neither pay for the order nor
 * earn a percentage of it).
 */
function pointsRate(currency: string, rates: q.CheckoutTerms['rates']): RateQuote | null {
  if (currency === SHOP_CURRENCY) return { rate: '1', source: 'identity', date: '' };
  try {
    return quoteFromRates(rates ?? [], currency, SHOP_CURRENCY);
  } catch (e) {
    if (e instanceof AppError && e.code === ResponseCode.rateUnavailable) return null;
    throw e;
  }
}

/**
 * `/shop/buy/cartGoods`: the order as `createOrder` would place it now (nothing is reserved). With
 * `groupBuy`, the order `/shop/pintuan/buy` would place: its SKU at the group price, available while
 * the activity's pool has the units (they were set aside from the SKU's stock).
 */
export async function previewCheckout(db: Database, actor: Actor, input: EndpointQuery<typeof getCheckoutGoods>, options: { groupBuy?: { priceMinor: number; remaining: number } } = {}): Promise<CheckoutData> {
  const userId = memberIdOf(actor);
  if (input.coupon_code) await guardCouponGuess(db, { userId, ip: actor.ip }, input.coupon_code);
  const view = await previewView(db, userId, input);
  const lines = view.lines.map((w) => {
    const s = w.sku;
    if (!s || s.goods_id !== w.goodsId) throw new AppError(ResponseCode.skuNotFound);
    const price = options.groupBuy ? options.groupBuy.priceMinor : Number(s.price_minor);
    const left = options.groupBuy ? options.groupBuy.remaining : s.stock;
    const problem = lineProblem({ status: s.status, stock: left, quantity: w.quantity });
    return {
      cart_id: w.cartId,
      goods_id: s.goods_id,
      sku_id: s.id,
      name: pick(s.name, actor.lang),
      spec_text: skuSpecText(s.specs, s.spec_value_ids, actor.lang),
      image: s.image || s.cover,
      price,
      num: w.quantity,
      line_total: price * w.quantity,
      available: problem === null,
      problem,
      // What the page marks the line with: what is left, and the price it was put in the cart at.
      stock: Math.max(0, left),
      added_price: w.addedPrice,
      price_changed: w.addedPrice !== null && w.addedPrice !== price,
      currency: s.currency,
    };
  });
  const currency = currencyOf(lines);
  const { address, terms, rules, balances } = view;
  if (input.address_id !== undefined && !address) throw new AppError(ResponseCode.addressNotFound);
  const available = lines.filter((l) => l.available).map((l) => ({ goodsId: l.goods_id, quantity: l.num, lineTotal: l.line_total }));
  const subtotal = available.reduce((n, l) => n + l.lineTotal, 0);
  const discount = input.coupon_code ? (await couponDiscount(db, userId, input.coupon_code, subtotal, currency)).discount : 0;
  const points = await pointsTerms(db, input, { lines: available, subtotal, couponDiscount: discount, currency, settings: terms, previewBalances: balancesFromRows(balances), rules });
  const amounts = amountsWith(terms, subtotal, address?.country_code, discount, points.parts);
  return {
    ...amounts,
    currency,
    lines: lines.map(({ currency: _c, ...l }) => l),
    address: address ?? null,
    can_submit: Boolean(address) && lines.every((l) => l.available),
    points_offer: points.plan.offer,
    points_earned: points.earned,
  };
}

// ---------------------------------------------------------------- placing an order

/** A readable order number that says nothing about other members' orders: the date and 10 random digits. */
export const newOrderNo = (now = new Date()): string => businessNumber('', now);

/** A spec text in every language, kept with the order line. */
const specTexts = (s: SkuRow): Texts => Object.fromEntries(LANGUAGES.map((l: Language) => [l, skuSpecText(s.specs, s.spec_value_ids, l)]));

/** Why an SKU could not be reserved, as the member should read it. */
async function reservationRefusal(tx: Tx, skuId: number, lang: Language): Promise<AppError> {
  const [s] = await stock.findSkusForCheckout(tx, [skuId]);
  if (!s) return new AppError(ResponseCode.skuNotFound);
  const name = pick(s.name, lang);
  if (s.status !== 'on_sale') return new AppError(ResponseCode.lineUnavailable, { name });
  // Sold out, while the goods may still be on sale in other options: said as such, not as gone.
  if (s.stock <= 0) return new AppError(ResponseCode.lineUnavailable, { name }, { messageKey: 'orders.code.lineSoldOut' });
  return new AppError(ResponseCode.stockShortage, { name, stock: s.stock });
}

type OrderBody = EndpointBody<typeof createOrder>;
export type CreateOrderInput = Omit<OrderBody, 'points' | 'shopping_points'> & Partial<Pick<OrderBody, 'points' | 'shopping_points'>> & { items?: Array<{ goods_id: number; sku_id: number; num: number }> };

/**
 * `/shop/buy/createOrder`: reserves the stock of every line with one conditional update per SKU (in
 * ascending id order, quantities of one SKU summed), prices the order from the shop's own rows,
 * keeps snapshots of what was bought and where it goes, and enqueues its expiry, all in one
 * transaction; refused while the member holds `UNPAID_ORDERS_PER_MEMBER` unpaid orders. Prices, totals,
 * owner and status in the body are never read, but for `expected_total`, which only refuses an order
 * that would cost anything else. Points asked for need the pay password (and the authenticator's code).
 */
export async function placeOrder(deps: AppDeps, actor: Actor, input: CreateOrderInput, options: { international?: { method: ShippingMethod }; groupBuy?: { priceMinor: number } } = {}): Promise<EndpointData<typeof createOrder>> {
  const userId = memberIdOf(actor);
  // Points are the wallet's value: asking to spend any needs the pay proof paying with them needs,
  // before anything is reserved or held (outside the order's transaction, so a wrong answer counts).
  if ((input.points ?? 0) > 0 || (input.shopping_points ?? 0) > 0) await requirePayProof(deps, actor, userId, input);
  // Counted outside the order's transaction: a refused order must still count its wrong code.
  if (input.coupon_code) await guardCouponGuess(deps.db, { userId, ip: actor.ip }, input.coupon_code);
  return withTransaction(deps.db, async (tx) => {
    // A group buy reserves no SKU row here: its member's checkouts are held in line apart (the other
    // checkouts' first reservation does it), so the cap on unpaid orders below counts one at a time.
    if (options.groupBuy) await q.lockMemberCheckouts(tx, userId);
    // An order from the cart reads its lines, summed per SKU, with the first SKU's reservation.
    const destination = { memberId: userId, addressId: input.address_id };
    const fromCartLines = !input.items?.length && input.sku_id === undefined && !options.groupBuy;
    const first = fromCartLines ? await q.reserveSkuForCheckout(tx, { cart: { userId, ids: input.cart_ids } }, destination) : undefined;
    if (first && !first.plan.length) throw new AppError(ResponseCode.nothingSelected);
    const plan = first ? first.plan.map((p) => ({ skuId: p.sku_id, goodsId: p.goods_id!, quantity: p.quantity })) : sumBySku(await wantedLines(tx, userId, input));
    for (const p of plan) if (p.quantity > CART_LINE_MAX) throw new AppError(ResponseCode.cartQuantityLimit, { max: CART_LINE_MAX });

    // Each SKU is reserved and read in one statement, the first with the address and the order's
    // terms in its currency (which must be every SKU's). A group buy's units were set aside from the
    // SKU's stock when the activity was created, so its SKU is only read, at the group's price.
    const skus = new Map<number, SkuRow & { points_per_unit?: number | null }>();
    let address: ShippingAddressRow | undefined;
    let reservedTerms: CheckoutTerms | undefined;
    if (options.groupBuy) {
      address = await findShippingAddress(tx, userId, input.address_id);
      if (!address) throw new AppError(ResponseCode.addressNotFound);
      for (const s of await stock.findSkusForCheckout(tx, plan.map((p) => p.skuId))) skus.set(s.id, s);
    } else
      for (const [i, p] of plan.entries()) {
        const reserved = i === 0 && first ? first : await q.reserveSkuForCheckout(tx, { skuId: p.skuId, quantity: p.quantity }, i === 0 ? destination : undefined);
        if (i === 0) {
          address = reserved.address ?? undefined;
          if (!address) throw new AppError(ResponseCode.addressNotFound);
          reservedTerms = reserved.terms ?? undefined;
        }
        if (!reserved.sku) throw await reservationRefusal(tx, p.skuId, actor.lang);
        skus.set(p.skuId, reserved.sku);
      }
    if (!address) throw new AppError(ResponseCode.addressNotFound);
    const lines = plan.map((p) => {
      const s = skus.get(p.skuId);
      if (!s || s.goods_id !== p.goodsId) throw new AppError(ResponseCode.skuNotFound);
      const unit = options.groupBuy ? options.groupBuy.priceMinor : Number(s.price_minor);
      return {
        goods_id: s.goods_id,
        sku_id: s.id,
        name: s.name,
        spec_text: specTexts(s),
        image: s.image || s.cover,
        unit_price_minor: unit,
        quantity: p.quantity,
        line_total_minor: unit * p.quantity,
        pv: s.pv,
        currency: s.currency,
      };
    });
    const currency = currencyOf(lines);
    const subtotal = lines.reduce((n, l) => n + l.line_total_minor, 0);
    const coupon = input.coupon_code ? await couponDiscount(tx, userId, input.coupon_code, subtotal, currency) : undefined;
    if (coupon) await takeCouponUse(tx, coupon.coupon.id, userId, coupon.coupon.per_member_limit);
    const weightG = plan.reduce((n, p) => n + skus.get(p.skuId)!.weight_g * p.quantity, 0);
    const terms = reservedTerms ?? (await q.findCheckoutTerms(tx, address.country_code, currency));
    const reservedRules = options.groupBuy ? undefined : [...skus.values()].flatMap((s) => (s.points_per_unit == null ? [] : [{ goods_id: s.goods_id, points_per_unit: s.points_per_unit }]));
    const points = await pointsTerms(tx, input, {
      lines: lines.map((l) => ({ goodsId: l.goods_id, quantity: l.quantity, lineTotal: l.line_total_minor })),
      subtotal,
      couponDiscount: coupon?.discount ?? 0,
      currency,
      settings: terms,
      rules: reservedRules,
    });
    const international = options.international
      ? await internationalTerms(tx, { countryCode: address.country_code, method: options.international.method, weightG, currency, subtotal, couponDiscount: coupon?.discount, points: points.parts })
      : undefined;
    const amounts = international?.amounts ?? amountsWith(terms, subtotal, address.country_code, coupon?.discount, points.parts);
    // Not the total the member agreed to (a price changed since the preview): nothing is placed, the
    // stock reserved above goes back with the transaction.
    if (input.expected_total !== undefined && amounts.total !== input.expected_total) throw new AppError(ResponseCode.priceChanged);
    const expiresAt = new Date(Date.now() + terms.expiry_minutes * 60_000);
    const { id: _addressId, ...snapshot } = address;

    // An order from the cart takes its lines of these SKUs out of it, in the same statement.
    const fromCart = fromCartLines ? { userId, skuIds: plan.map((p) => p.skuId) } : undefined;
    let order: Awaited<ReturnType<typeof q.insertOrderWithLines>>;
    for (let attempt = 0; !order; attempt++) {
      if (attempt >= 5) throw new Error('no free order number after 5 attempts');
      order = await q.insertOrderWithLines(tx, {
        order_no: newOrderNo(),
        user_id: userId,
        currency,
        subtotal_minor: amounts.subtotal,
        operating_fee_rate_bp: amounts.operating_fee_rate,
        operating_fee_minor: amounts.operating_fee,
        freight_minor: amounts.freight,
        total_minor: amounts.total,
        country_code: address.country_code,
        address: snapshot,
        remarks: input.remarks,
        expires_at: expiresAt,
        points_used: amounts.points_used,
        points_value_minor: amounts.points_value,
        shopping_points_used: amounts.shopping_points_used,
        shopping_points_value_minor: amounts.shopping_points_value,
        points_earned: points.earned,
        ...(points.rate && points.rate.source !== 'identity' ? { points_rate: points.rate.rate, points_rate_source: points.rate.source, points_rate_date: points.rate.date } : {}),
        ...(coupon ? { coupon_id: coupon.coupon.id, coupon_discount_minor: amounts.coupon_discount } : {}),
        ...(options.groupBuy ? { kind: 'group_buy' as const } : {}),
        ...(international
          ? {
              kind: 'international' as const,
              shipping_method: international.method,
              weight_g: international.weightG,
              local_currency: international.localCurrency,
              exchange_rate: international.rate.rate,
              rate_source: international.rate.source,
              rate_date: international.rate.date,
            }
          : {}),
      }, lines.map(({ currency: _c, ...l }) => l), { ...actorStamp(actor), request_id: actor.requestId }, { runAt: expiresAt, maxAttempts: EXPIRY_ATTEMPTS }, fromCart);
    }
    // A cart line is bought once: a checkout of the same lines that committed first took them, and
    // this one is undone (its reservations with it), as a later checkout of them would be refused.
    if (fromCart && order.cart_lines_taken < fromCart.skuIds.length) throw new AppError(ResponseCode.nothingSelected);
    // Each unpaid order holds its goods' stock until paid or expired: without a cap, one member could take
    // a product off sale for everyone with orders never paid. Refused, the whole checkout is undone.
    const cap = deps.config.UNPAID_ORDERS_PER_MEMBER;
    if (cap > 0 && order.unpaid_before >= cap) throw new AppError(ResponseCode.unpaidOrdersLimit, { max: cap });
    await holdCheckoutPoints(tx, actor, { id: order.id, userId }, points.plan);
    // The expiry job is written with the order (due a minute or more later, the workers find it without a wake-up notice); if that could not be done, it is enqueued now.
    if (!order.expiry_job) await enqueueJob(tx, 'expire_order', { orderId: order.id }, { runAt: expiresAt, jobKey: q.orderExpiryJobKey(order.id), maxAttempts: EXPIRY_ATTEMPTS });
    catalogueChangedOnCommit(tx, deps, [...new Set(plan.map((p) => p.goodsId))]);
    ordersChanged(tx, [userId]);
    // Points (with a coupon) paid it all: nothing is left to pay, so it is paid now.
    const paidNow = Number(order.total_minor) === 0 && (await markOrderPaid(tx, actor, { orderId: order.id, amountMinor: 0, currency: order.currency })).outcome === 'paid';
    return { order_id: order.id, order_no: order.order_no, status: paidNow ? 'paid' : order.status, total: Number(order.total_minor), currency: order.currency, expires_at: iso(order.expires_at)! };
  });
}

// ---------------------------------------------------------------- state changes

/** Puts an order's units back on sale (in ascending SKU order) and gives back its coupon use and points; called once, with the transition that ends the order. */
async function releaseStock(tx: Tx, deps: Partial<Pick<AppDeps, 'config' | 'redis'>>, actor: Actor, orderId: number): Promise<void> {
  const order = await q.findOrder(tx, orderId);
  if (order?.coupon_id) await returnCouponUse(tx, order.coupon_id, order.user_id);
  if (order) await returnCheckoutPoints(tx, actor, order);
  const lines = await q.findOrderLines(tx, [orderId]);
  const plan = sumBySku(lines.map((l) => ({ skuId: l.sku_id, goodsId: l.goods_id, quantity: l.quantity })));
  // A group buy's units go back to its activity (to the SKU once it is over), not to the SKU.
  if (!(await leaveGroup(tx, orderId, 'order_ended'))) for (const p of plan) await stock.returnStock(tx, p.skuId, p.quantity);
  const goodsIds = [...new Set(plan.map((p) => p.goodsId))];
  // An approval carried out holds no deps: its change is announced to every process's cache. The
  // deps themselves are passed on: the response cache is the one of this set of deps.
  if (deps.config) catalogueChangedOnCommit(tx, deps as Pick<AppDeps, 'config' | 'redis'>, goodsIds);
  else goodsChangedOnCommit(tx, goodsIds);
}

/**
 * How the order's open payments end with it (the payments area, wiring.ts): asked of their gateway
 * first (a member who paid in time keeps the order, whenever the gateway's notice comes), then
 * expired in the closing transaction and stopped at their gateway, so a closed order cannot be paid.
 * Answers whether `close` closed the order.
 */
export const orderExpiryHooks: { withPayments?: (deps: AppDeps, actor: Actor, orderId: number, close: (tx: Tx) => Promise<boolean>) => Promise<boolean> } = {};

/**
 * Closes an unpaid order whose time is up and puts its goods back on sale, its open payments ending
 * with it (`orderExpiryHooks`). The conditional update from `awaiting_payment` decides: a paid,
 * cancelled or already closed order is left alone.
 */
export async function expireOrder(deps: AppDeps, actor: Actor, orderId: number): Promise<boolean> {
  const close = async (tx: Tx) => {
    const order = await q.findOrder(tx, orderId);
    if (!order || order.status !== 'awaiting_payment') return false;
    // Too early (the operator lengthened the time, or the job ran ahead): wait for the order's own time.
    if (new Date(order.expires_at).getTime() > Date.now()) {
      await enqueueJob(tx, 'expire_order', { orderId }, { runAt: new Date(order.expires_at), jobKey: q.orderExpiryJobKey(orderId), maxAttempts: EXPIRY_ATTEMPTS });
      return false;
    }
    const closed = await transition(tx, actor, orderId, ['awaiting_payment'], 'closed', { set: { closed_at: new Date() }, reason: 'unpaid in time' });
    if (!closed) return false;
    await releaseStock(tx, deps, actor, orderId);
    return true;
  };
  return orderExpiryHooks.withPayments ? orderExpiryHooks.withPayments(deps, actor, orderId, close) : withTransaction(deps.db, close);
}

/** Closes every unpaid order past its time (a safety net behind each order's own job). */
export async function expireOverdueOrders(deps: AppDeps, actor: Actor): Promise<number> {
  let closed = 0;
  for (const id of await q.findOverdueUnpaidOrderIds(deps.db, 500)) if (await expireOrder(deps, actor, id)) closed++;
  return closed;
}

/** What paying an order came to, for the payments area. */
export type PaidOutcome = { outcome: 'paid'; orderId: number } | { outcome: 'not_payable'; status: OrderStatus | 'missing' } | { outcome: 'mismatch'; expected: { amountMinor: number; currency: string } };

/**
 * The payments area's one way to settle an order, inside its own transaction: the order becomes
 * paid only from `awaiting_payment` and only for its exact amount and currency. A payment that
 * arrives after the order closed or was cancelled answers `not_payable` (the payment is refunded,
 * the order never reopens).
 */
export async function markOrderPaid(tx: Tx, actor: Actor, input: { orderId: number; amountMinor: number; currency: string; paidInPoints?: boolean }): Promise<PaidOutcome> {
  const paid = await transition(tx, actor, input.orderId, ['awaiting_payment'], 'paid', { set: { paid_at: new Date() }, amount: { total_minor: input.amountMinor, currency: input.currency }, paid: true });
  if (!paid) {
    // Why it did not move: gone, another amount or currency, or no longer awaiting payment.
    const order = await q.findOrder(tx, input.orderId);
    if (!order) return { outcome: 'not_payable', status: 'missing' };
    if (Number(order.total_minor) !== input.amountMinor || order.currency !== input.currency) {
      return { outcome: 'mismatch', expected: { amountMinor: Number(order.total_minor), currency: order.currency } };
    }
    return { outcome: 'not_payable', status: order.status };
  }
  await spendHeldPoints(tx, actor, paid);
  // Points paid no money: they earn no points (the decision record on checkout points).
  if (input.paidInPoints) await lowerEarnedForPointsPayment(tx, input.orderId);
  // Paid after its group buy ended: it joins no group and is refunded at once, as for a failed group.
  if (paid.kind === 'group_buy' && !(await joinGroupOnPayment(tx, input.orderId, paid.user_id))) await unwindGroupOrder(tx, actor, input.orderId, { reason: 'group buy ended before payment', cancelReason: 'group buy ended' });
  for (const onPaid of settlementHooks.onPaid) await onPaid(tx, actor, { id: input.orderId, user_id: paid.user_id, referrer_id: paid.referrer_id ?? null });
  return { outcome: 'paid', orderId: input.orderId };
}

/** The member's order, or "order not found" for an id that is not theirs. */
async function memberOrder(db: Executor, userId: number, orderId: number): Promise<OrderRow> {
  const order = await q.findMemberOrder(db, userId, orderId);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  return order;
}

/**
 * The member cancels an order. Unpaid: it is cancelled and its goods go back on sale. Paid and not
 * yet shipped: it moves to refunding (the payments area refunds it in full) and its goods go back;
 * paid with no money (a coupon or points paid it all), it is refunded at once.
 */
export async function cancelOrderByMember(deps: AppDeps, actor: Actor, input: { id: number; reason: string }): Promise<{ id: number; status: OrderStatus }> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const order = await memberOrder(tx, userId, input.id);
    const packages = order.status === 'paid' ? await q.findPackagesOfOrder(tx, order.id) : [];
    const to: OrderStatus = order.status === 'paid' && packages.length === 0 ? 'refunding' : 'cancelled';
    const from: OrderStatus[] = to === 'refunding' ? ['paid'] : ['awaiting_payment'];
    // Its open payments close with it: a held balance part goes back now, the gateway stops taking it.
    const changed = await cancelPayableWithPayments(tx, deps, actor, { type: 'order', id: order.id }, { source: 'member', reason: 'order cancelled' }, () =>
      transition(tx, actor, order.id, from, to, { kind: to === 'refunding' ? 'refund_requested' : 'cancelled', reason: input.reason, set: { cancelled_at: new Date(), cancel_reason: input.reason }, memberId: userId }),
    );
    if (!changed) throw new AppError(ResponseCode.orderState);
    await releaseStock(tx, deps, actor, order.id);
    if (to === 'refunding') await closeRefundRequest(tx, actor, order.id, 'order cancelled by its member');
    return { id: order.id, status: to === 'refunding' ? await refundedWhenNothingPaid(tx, actor, order) : to };
  });
}

/** Whether the operator's role decides refunds: cancelling a paid order refunds it in full. */
async function decidesRefunds(db: Executor, actor: Actor): Promise<boolean> {
  const operator = actor.operatorId === undefined ? undefined : await findOperatorById(db, actor.operatorId);
  return !!operator && roleAllows(operator.role, 'refunds.decide');
}

/**
 * An operator cancels an order with a reason. Unpaid: cancelled. Paid and nothing shipped yet:
 * refunding, refunded in full by the payments area as a member's cancellation is. Its goods go back on
 * sale; recorded with who and why in the same transaction. Cancelling a paid order refunds it, which
 * only an operator whose role decides refunds does: one who fulfils orders but does not (support) asks,
 * and the order stays paid until one who does approves the request (`order.refund`).
 */
export async function cancelOrderByOperator(deps: Pick<AppDeps, 'db' | 'config' | 'redis'> & Partial<Pick<AppDeps, 'providers'>>, actor: Actor, input: { id: number; reason: string }): Promise<EndpointData<typeof adminCancelOrder>> {
  const order = await q.findOrder(deps.db, input.id);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  refuseOwnAccount(actor, order.user_id);
  if (order.status === 'paid' && !(await decidesRefunds(deps.db, actor))) return { id: order.id, status: order.status, request: await askToCancelPaid(deps, actor, order, input.reason) };
  return withTransaction(deps.db, async (tx) => {
    const done = await cancelAsOperator(tx, deps, actor, input, null);
    if (done.status !== 'cancelled') await closeRefundRequest(tx, actor, order.id, 'order cancelled directly');
    return { ...done, request: null };
  });
}

/** Asks an operator who decides refunds to cancel and refund a paid order not shipped yet; the same ask again (a double tap) answers the request that waits. */
async function askToCancelPaid(deps: Pick<AppDeps, 'db'>, actor: Actor, order: OrderRow, reason: string) {
  if ((await q.findPackagesOfOrder(deps.db, order.id)).length > 0) throw new AppError(ResponseCode.orderState);
  const { request } = await requestApproval(deps.db, actor, {
    kind: 'order.refund',
    memberId: order.user_id,
    currency: order.currency,
    amount: Number(order.total_minor),
    payload: { order_id: order.id, reason },
    summary: `cancel order ${order.order_no} and refund it in full`,
    subject: refundSubject(order.id),
    reason,
  });
  return request;
}

/** Carries out an approved request to cancel and refund a paid order, as the approving operator (who decides refunds). */
export async function cancelPaidOnApproval(tx: Tx, actor: Actor, p: { order_id: number; reason: string }, request: { id: number }) {
  return cancelAsOperator(tx, {}, actor, { id: p.order_id, reason: p.reason }, request);
}

/** The operator's cancellation in `tx`, directly or as the approval of `request`. */
async function cancelAsOperator(tx: Tx, deps: Partial<Pick<AppDeps, 'config' | 'redis' | 'providers'>>, actor: Actor, input: { id: number; reason: string }, request: { id: number } | null): Promise<{ id: number; status: OrderStatus }> {
  const operator = operatorNameOf(actor);
  const order = await q.findOrder(tx, input.id);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  refuseOwnAccount(actor, order.user_id);
  if (order.status === 'paid' && (await q.findPackagesOfOrder(tx, order.id)).length > 0) throw new AppError(ResponseCode.orderState);
  if (order.status === 'paid' && !(await decidesRefunds(tx, actor))) throw new AppError(ResponseCode.forbidden, undefined, { httpStatus: 403, messageKey: 'orders.code.cancelPaidNeedsRefunds' });
  const to: OrderStatus = order.status === 'paid' ? 'refunding' : 'cancelled';
  const from: OrderStatus[] = to === 'refunding' ? ['paid'] : ['awaiting_payment'];
  const changed = await cancelPayableWithPayments(tx, deps, actor, { type: 'order', id: order.id }, { source: 'operator', reason: 'order cancelled' }, () =>
    transition(tx, actor, order.id, from, to, { kind: to === 'refunding' ? 'refund_requested' : 'cancelled', reason: input.reason, set: { cancelled_at: new Date(), cancel_reason: input.reason } }),
  );
  if (!changed) throw new AppError(ResponseCode.orderState);
  await releaseStock(tx, deps, actor, order.id);
  const status = to === 'refunding' ? await refundedWhenNothingPaid(tx, actor, order) : to;
  await insertOperatorAction(tx, { operator, action: `order.cancel.${status}`, target_type: 'order', target_id: order.id, reason: input.reason, facts: request ? { key: 'approved_request', request_id: request.id } : null });
  return { id: order.id, status };
}

/** The member confirms a shipped order arrived: it completes. */
export async function confirmReceipt(db: Database, actor: Actor, input: { id: number }): Promise<{ id: number; status: OrderStatus }> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    await memberOrder(tx, userId, input.id);
    const done = await transition(tx, actor, input.id, ['shipped'], 'completed', { set: { completed_at: new Date() }, memberId: userId });
    if (!done) throw new AppError(ResponseCode.orderState);
    await creditEarnedPoints(tx, actor, input.id);
    await scheduleSettlement(tx, input.id);
    return { id: input.id, status: 'completed' as const };
  });
}

/** Completes a shipped order the member did not confirm, once its time after the last shipment or delivery is up. */
export async function autoCompleteOrder(deps: AppDeps, actor: Actor, orderId: number): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const order = await q.findOrder(tx, orderId);
    if (!order || order.status !== 'shipped') return false;
    const due = await autoCompleteTime(tx, orderId);
    if (due.getTime() > Date.now()) {
      await enqueueJob(tx, 'auto_complete_order', { orderId }, { runAt: due, jobKey: `order-auto-complete:${orderId}` });
      return false;
    }
    const done = await transition(tx, actor, orderId, ['shipped'], 'completed', { set: { completed_at: new Date() }, reason: 'not confirmed in time' });
    if (!done) return false;
    await creditEarnedPoints(tx, actor, orderId);
    await scheduleSettlement(tx, orderId);
    return true;
  });
}

/** When a shipped order completes by itself: the set number of days after its last package was shipped or delivered. */
async function autoCompleteTime(db: Executor, orderId: number): Promise<Date> {
  const [settings, packages] = await Promise.all([q.findOrderSettings(db), q.findPackagesOfOrder(db, orderId)]);
  const last = Math.max(0, ...packages.map((p) => new Date(p.delivered_at ?? p.shipped_at).getTime()));
  return new Date(last + settings.auto_confirm_days * 86_400_000);
}

/** Schedules (or moves) the automatic completion of a shipped order. */
export async function scheduleAutoComplete(tx: Tx, orderId: number): Promise<void> {
  await enqueueJob(tx, 'auto_complete_order', { orderId }, { runAt: await autoCompleteTime(tx, orderId), jobKey: `order-auto-complete:${orderId}` });
}

/** The member asks the shop to ship a paid order; recorded once per order per 24 hours for operators to see. */
export async function remindShipment(db: Database, actor: Actor, input: { id: number }): Promise<{ id: number; reminded_at: string }> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const order = await memberOrder(tx, userId, input.id);
    if (order.status !== 'paid') throw new AppError(ResponseCode.orderState);
    const marked = await q.markReminded(tx, userId, order.id);
    if (!marked) throw new AppError(ResponseCode.remindTooSoon);
    await recordOrderEvent(tx, actor, order.id, 'reminded');
    return { id: order.id, reminded_at: iso(marked.last_reminded_at)! };
  });
}

// ---------------------------------------------------------------- reading orders

/**
 * Of these orders, the shipped or completed ones after-sales still takes a request on: something left
 * that no case holds, a window open (every one of them while no after-sales area is wired).
 */
async function openToAfterSales(db: Executor, orders: Array<Pick<OrderRow, 'id' | 'status'>>): Promise<Set<number>> {
  const asked = orders.filter((o) => o.status === 'shipped' || o.status === 'completed').map((o) => o.id);
  if (!asked.length || !orderListHooks.ordersOpenToCases) return new Set(asked);
  return orderListHooks.ordersOpenToCases(db, asked);
}

/**
 * Of these orders, the completed ones with something to review (a line the member keeps without a
 * review, or a review still to be changed) and until when that answer holds by time alone; every
 * completed one while no after-sales area is wired.
 */
async function toReview(db: Executor, orders: Array<Pick<OrderRow, 'id' | 'status'>>): Promise<{ orders: Set<number>; until: Date | undefined }> {
  const asked = orders.filter((o) => o.status === 'completed').map((o) => o.id);
  if (!asked.length || !orderListHooks.ordersToReview) return { orders: new Set(asked), until: undefined };
  return orderListHooks.ordersToReview(db, asked);
}

/**
 * What the member can do with an order now. `kept`: whether the member still holds some of its goods
 * (not every unit returned and refunded); `toReview`: the orders with something to review (the
 * review sheet's lines agree: a review is of goods kept).
 */
function actionsOf(o: Pick<OrderRow, 'id' | 'status'>, packageCount = 0, afterSale?: Set<number>, kept = true, toReview?: Set<number>): OrderSummary['actions'] {
  return {
    can_cancel: o.status === 'awaiting_payment' || (o.status === 'paid' && packageCount === 0),
    can_pay: o.status === 'awaiting_payment',
    can_confirm: o.status === 'shipped',
    can_remind: o.status === 'paid',
    can_track: packageCount > 0 || o.status === 'shipped' || o.status === 'completed',
    can_after_sale: (o.status === 'shipped' || o.status === 'completed') && (afterSale?.has(o.id) ?? true),
    can_review: o.status === 'completed' && kept && (toReview?.has(o.id) ?? true),
  };
}

type ListedLine = Pick<OrderLineRow, 'id' | 'goods_id' | 'sku_id' | 'name' | 'spec_text' | 'image' | 'unit_price_minor' | 'quantity' | 'line_total_minor' | 'shipped_quantity' | 'pv'> & { returned_quantity: number };

/** What came back of an order through after-sales (`OrderSummary['returned']`): none, some, or every unit, and what was refunded for them. */
function returnedOf(lines: ListedLine[], refundedMinor: number | string): OrderSummary['returned'] {
  if (!lines.some((l) => l.returned_quantity > 0)) return null;
  return { all: lines.every((l) => l.returned_quantity >= l.quantity), refunded: Number(refundedMinor) };
}

const toLine = (l: ListedLine, lang: Language) => ({
  id: l.id,
  goods_id: l.goods_id,
  sku_id: l.sku_id,
  name: pick(l.name, lang),
  spec_text: pick(l.spec_text, lang),
  image: l.image,
  price: Number(l.unit_price_minor),
  num: l.quantity,
  line_total: Number(l.line_total_minor),
  shipped_num: l.shipped_quantity,
  pv: l.pv,
  line_pv: l.pv * l.quantity,
  returned_num: l.returned_quantity,
});

function toSummary(
  o: Pick<OrderRow, 'id' | 'order_no' | 'kind' | 'status' | 'currency' | 'total_minor'> & { created_at: Date | string; expires_at: Date | string; shipped_at: Date | string | null; refunded_by_returns_minor: number | string },
  lines: Array<ListedLine>,
  lang: Language,
  packageCount?: number,
  afterSale?: Set<number>,
  toReview?: Set<number>,
  withCases?: ReadonlySet<number>,
): OrderSummary {
  const returned = returnedOf(lines, o.refunded_by_returns_minor);
  return {
    id: o.id,
    order_no: o.order_no,
    kind: o.kind,
    status: o.status,
    currency: o.currency,
    total: Number(o.total_minor),
    count: lines.reduce((n, l) => n + l.quantity, 0),
    lines: lines.map((l) => toLine(l, lang)),
    created_at: iso(o.created_at)!,
    expires_at: o.status === 'awaiting_payment' ? iso(o.expires_at) : null,
    actions: actionsOf(o, packageCount ?? (o.shipped_at ? 1 : 0), afterSale, !returned?.all, toReview),
    returned,
    has_after_sale: withCases?.has(o.id) ?? false,
  };
}

/**
 * `listMemberOrders` as the member's order pages ask for it many times: kept per member, view, page
 * and language until one of the member's orders is placed or moves (`dropOrderListsOnChanges`).
 */
export function cachedMemberOrders(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointQuery<typeof listOrders>) {
  const userId = memberIdOf(actor);
  const key = { id: `${userId}|${input.view}|${input.page}|${input.limit}|${actor.lang}`, tags: [OrderListTag.all, OrderListTag.member(userId), ...(orderListHooks.listTags ?? [])] };
  return responseCache(deps).cached(listOrders, key, () => memberOrders(deps.db, actor, input));
}

/** The member's orders of one view, newest first, with the counts of each view. */
export async function listMemberOrders(db: Database, actor: Actor, input: EndpointQuery<typeof listOrders>): Promise<EndpointData<typeof listOrders>> {
  return (await memberOrders(db, actor, input)).value;
}

/** `listMemberOrders`, good until a review's days for a change end (an order's "Review" may go then). */
async function memberOrders(db: Database, actor: Actor, input: EndpointQuery<typeof listOrders>): Promise<Expiring<EndpointData<typeof listOrders>>> {
  const userId = memberIdOf(actor);
  const statuses = q.statusesOfView(input.view);
  // Orders with after-sales cases belong to the after-sales view whatever their state.
  const withCases = orderListHooks.ordersWithCases ? await orderListHooks.ordersWithCases(db, userId) : [];
  const AFTER_SALES: OrderStatus[] = ['refunding', 'refunded'];
  const extra = withCases.length ? (await q.findMemberOrderStatuses(db, userId, withCases)).filter((o) => !AFTER_SALES.includes(o.status)).map((o) => o.id) : [];
  const { page, counts } = await q.findMemberOrderList(db, userId, statuses, input.limit, (input.page - 1) * input.limit, input.view === 'after_sales' ? extra : []);
  // The view's total is the sum of its statuses' counts, which the tabs need anyway.
  const n = (of: readonly string[]) => counts.filter((c) => of.includes(c.status)).reduce((s, c) => s + c.n, 0);
  const afterSales = n(AFTER_SALES) + extra.length;
  const total = input.view === 'after_sales' ? afterSales : statuses ? n(statuses) : n(counts.map((c) => c.status));
  const [afterSale, review] = await Promise.all([openToAfterSales(db, page), toReview(db, page)]);
  return new Expiring({
    list: page.map((r) => toSummary(r, r.lines, actor.lang, undefined, afterSale, review.orders, new Set(withCases))),
    total,
    page: input.page,
    limit: input.limit,
    has_more: input.page * input.limit < total,
    counts: { unpaid: n(['awaiting_payment']), to_ship: n(['paid']), to_receive: n(['shipped']), after_sales: afterSales },
  }, review.until);
}

/** One of the member's orders with its amounts, address and dates. */
export async function getMemberOrder(db: Database, actor: Actor, input: { id: number }): Promise<OrderInfo> {
  const order = await memberOrder(db, memberIdOf(actor), input.id);
  return getOrderDetails(db, order, actor.lang);
}

/** An order with its amounts, address and dates, in `lang` (whoever may see it). */
export async function getOrderDetails(db: Executor, order: OrderRow, lang: Language): Promise<OrderInfo> {
  const [lines, packages, group, paid, afterSale, review, withCases] = await Promise.all([
    q.findOrderLinesWithReturns(db, order.id),
    q.findPackagesOfOrder(db, order.id),
    order.kind === 'group_buy' ? groupOfOrder(db, order.id) : null,
    paymentsOfPayable(db, order.user_id, 'order', order.id),
    openToAfterSales(db, [order]),
    toReview(db, [order]),
    orderListHooks.ordersWithCases ? orderListHooks.ordersWithCases(db, order.user_id) : [],
  ]);
  // An order converted to the shopper's currency when placed shows each charge in it, at the order's recorded rate.
  const rate = order.local_currency && order.exchange_rate !== null ? exactRate(String(order.exchange_rate)) : null;
  const payments = paid.map((p) => (rate && order.local_currency ? { ...p, converted: { currency: order.local_currency, amount: convertMinor(p.charged, p.currency, order.local_currency, rate), rate } } : p));
  return {
    ...toSummary({ ...order, refunded_by_returns_minor: lines[0]?.refunded_by_returns_minor ?? 0 }, lines, lang, packages.length, afterSale, review.orders, new Set(withCases)),
    subtotal: Number(order.subtotal_minor),
    coupon_discount: Number(order.coupon_discount_minor),
    operating_fee_rate: order.operating_fee_rate_bp,
    operating_fee: Number(order.operating_fee_minor),
    freight: Number(order.freight_minor),
    points_used: Number(order.points_used),
    points_value: Number(order.points_value_minor),
    shopping_points_used: Number(order.shopping_points_used),
    shopping_points_value: Number(order.shopping_points_value_minor),
    // What it earns (or earned): less what was withheld for refunds before it was credited.
    points_earned: Number(order.points_earned) - Number(order.points_withheld),
    points_earned_posted: order.points_earned_at !== null,
    points_reversed: Number(lines[0]?.points_reversed ?? 0),
    group_buy: group,
    address: order.address,
    remarks: order.remarks,
    paid_at: iso(order.paid_at),
    shipped_at: iso(order.shipped_at),
    completed_at: iso(order.completed_at),
    settled_at: iso(order.settled_at),
    cancelled_at: iso(order.cancelled_at),
    closed_at: iso(order.closed_at),
    cancel_reason: order.cancel_reason,
    package_count: packages.length,
    last_reminded_at: iso(order.last_reminded_at),
    payments,
  };
}

/** The group of a group-buy order, how full it is, and where the order stands in it. */
async function groupOfOrder(db: Executor, orderId: number): Promise<OrderInfo['group_buy']> {
  const entry = await findEntryOfOrder(db, orderId);
  const group = entry ? await findGroup(db, entry.group_id) : undefined;
  if (!entry || !group) return null;
  return { activity_id: entry.activity_id, group_id: group.id, status: orderGroupStatus(entry, group), member_count: group.member_count, size: group.size, expires_at: iso(group.expires_at)! };
}

/**
 * Where a group-buy order stands in its group: a member whose order ended left it (the group's later
 * fate is not theirs); a group that failed before its own deadline did so because the group buy
 * ended (an operator ended it, or its end date came first), not because its time ran out.
 */
function orderGroupStatus(
  entry: { status: 'pending' | 'joined' | 'dropped'; drop_cause: 'order_ended' | 'group_failed' | null },
  group: { status: 'open' | 'succeeded' | 'failed'; expires_at: Date | string; decided_at: Date | null },
): NonNullable<OrderInfo['group_buy']>['status'] {
  if (entry.status === 'pending') return 'pending';
  if (entry.status === 'dropped' && entry.drop_cause !== 'group_failed') return 'left';
  // Unwound with no failed group to show: paid after the group buy was over.
  if (entry.status === 'dropped' && group.status !== 'failed') return 'ended';
  if (group.status === 'failed' && group.decided_at !== null && new Date(group.decided_at).getTime() < new Date(group.expires_at).getTime()) return 'ended';
  return group.status;
}

/** Whether the member has orders still under way (account cancellation asks). */
export async function hasOpenOrders(db: Executor, userId: number): Promise<boolean> {
  return (await q.countOpenOrders(db, userId)) > 0;
}
