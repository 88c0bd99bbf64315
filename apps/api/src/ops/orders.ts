import * as c from '@shop/contract';
import { approvalLine } from './wallet.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Actor } from '../lib/actor.js';
import { createCoupon, endCoupon, listCoupons } from '../modules/promotions/coupons.service.js';
import { setGoodsPoints } from '../modules/promotions/goods-points.service.js';
import { causesForOperator, updateCauseFromConsole } from '../modules/charity/charity-admin.service.js';
import { createCause } from '../modules/charity/charity.service.js';
import { saveInternationalFreight, saveOperatingFee, saveShippingFee, settingsSnapshot, type RowSave } from '../console/settings.js';
import { addTrackingEvent, listOrdersForOperator, listReminders, orderForOperator, setOrderSettingsRecorded, shipOrder } from '../modules/orders/fulfilment.service.js';
import { createGroupBuy, listGroupBuysForOperator } from '../modules/promotions/group-buy.service.js';
import { endGroupBuy } from '../modules/orders/group-buy-orders.js';
import { cancelOrderByOperator } from '../modules/orders/orders.service.js';
import { setPointsSettings } from '../modules/orders/points.service.js';
import { SHOP_CURRENCY } from '../modules/rates/rates.service.js';
import { idOf, splitArgs, timeFlag, valid } from './args.js';

// A command's freight or fee is typed whole, not saved from a copy read earlier: it names no version (recorded rule).
const UNVERSIONED: RowSave = { unversioned: true };

/** "1 minute", "2 minutes", "0 days": a count with its unit in English. */
const counted = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

export const ORDER_USAGE = `  orders [status]                       the newest orders (awaiting_payment, paid, shipped, completed …)
  order show <id>                       one order with its lines (their ids), amounts, packages and what happened to it
  order ship <id> --carrier <c> --number <n> [--lines <line>:<qty>,…]   ship one package (manual tracking): the lines named, else everything not shipped yet
  order track <package> --text "…" [--place "…"] [--delivered]   add a tracking event to a package
  order cancel <id> --reason "…"        cancel: unpaid → cancelled; paid and nothing shipped → refunded in full (by the payments job, within a minute)
  order reminders                       paid orders whose members asked for them to be shipped
  order expiry <minutes> | order auto-confirm <days> | order settle-after <days>   order settings (settle-after: days after completion before an order settles, for orders completed from then on)
  order points <points-per-unit> <shopping-points-per-unit> <max-share-bp> <earn-rate-bp>   points at checkout and earned
  order goods-points <goods> <points-per-unit|none> [--reason "…"]   points each unit of the goods earns (none: the percentage); a raise needs the reason and a second operator
  order coupon create <CODE> --amount <minor> | --percent <bp>  --currency <C> (--days <n> | --to <date>) [--from <date>] [--min-spend <minor>] [--per-member <n>] [--total <n>] --reason "…"
  order coupon list [page] | order coupon end <id> --reason "…"   coupons with their uses; end one now
  order group-buy create <goods> <sku> --price <minor> --size <n> --quantity <n> (--days <n> | --to <date>) [--from <date>] [--hours <fill hours, 24>] [--per-order <n>] [--per-member <n>] [--virtual <percent>] [--reason "…" (required below half the SKU's price: a second operator approves it)]
  order group-buy list [page] | order group-buy end <id> --reason "…"   group buys; end one now (its units go back to the SKU; its open groups fail and are refunded, or fill virtually)
  order fees                            freight per country, operating fees and the international freight table
  order shipping-fee <CC> <C> <fee> [--free-over <minor>] --reason "…"   freight of regular orders to a country
  order operating-fee <CC> <basis-points> --reason "…"   the global operating fee of a destination country
  order freight <CC> standard|express <from-g> <to-g> <fee> <C> --reason "…"   one weight band of the international freight table
  order charity list                    charity causes with what they raised
  order charity create --title "…" [--title-<lang> "…"] --currency <C> [--description "…"] [--min <minor>] [--goal <minor>] [--image <url>]
  order charity edit <id> [--title "…"] [--title-<lang> "…"] [--description "…"] [--min <minor>] [--goal <minor>|none] [--image <url>] [--open|--close] --reason "…"
  (amounts in minor units; dates as 2026-12-31 or an ISO time)`;

const BOOLEAN_FLAGS = new Set(['delivered', 'open', 'close']);

/** A whole number from the command line (undefined when not given; the contract refuses the rest). */
const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** A date or time from the command line as the contract takes it (ISO with an offset). */
const time = (v: string | undefined, what: string) => timeFlag(v, what);

/** The end of a window: `--to <date>`, else `--days <n>` after its start. */
function windowEnd(flags: Map<string, string>, from: string): string | undefined {
  const days = num(flags.get('days'));
  if (days !== undefined) return new Date(Date.parse(from) + days * 86_400_000).toISOString();
  return time(flags.get('to'), '--to');
}


/** Why an operator decided (recorded with the decision); required where the console requires it. */
function reasonOf(flags: Map<string, string>): string {
  const reason = flags.get('reason')?.trim();
  if (!reason) throw new Error('give the reason: --reason "…"');
  return reason;
}

/** `--title "…"` (English) and `--title-<lang> "…"` as the texts of each language. */
function textsOf(flags: Map<string, string>, name: string, base: Record<string, string> = {}): Record<string, string> {
  const texts = { ...base };
  for (const [k, v] of flags) {
    if (k === name) texts[c.DEFAULT_LANGUAGE] = v;
    else if (k.startsWith(`${name}-`)) {
      const lang = k.slice(name.length + 1);
      if (!(c.LANGUAGES as readonly string[]).includes(lang)) throw new Error(`--${k}: unknown language (${c.LANGUAGES.join(', ')})`);
      texts[lang] = v;
    }
  }
  return texts;
}

/** `--lines 12:2,13:1` as package lines. */
function packageLines(v: string | undefined): Array<{ order_line_id: number; num: number }> | undefined {
  if (v === undefined) return undefined;
  return v.split(',').map((part) => {
    const m = /^\s*(\d+):(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`--lines: "${part}" is not <line id>:<quantity> (order show lists the line ids)`);
    return { order_line_id: Number(m[1]), num: Number(m[2]) };
  });
}

const money = (minor: number | null, currency: string) => (minor === null ? '-' : `${c.displayMinor(minor, currency)} ${currency}`);
const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

/** What the order services need beyond the database: the configuration (its response cache). */
const depsOf = (db: Database) => ({ db, config: loadConfig() });

/** The order commands of `npm run ops`: the same services as the operator calls of the console, each decision recorded. */
export async function runOrderCommand(db: Database, actor: Actor, argv: string[]): Promise<string> {
  const { words, flags } = splitArgs(argv, BOOLEAN_FLAGS);
  const [cmd, sub, arg, ...rest] = words;
  if (cmd === 'orders') {
    if (sub && !(c.ORDER_STATUSES as readonly string[]).includes(sub)) throw new Error(`status must be one of ${c.ORDER_STATUSES.join(', ')}`);
    const page = await listOrdersForOperator(db, actor, { status: sub as c.OrderStatus | undefined, page: 1, limit: 50 });
    return page.list.map((o) => `#${o.id}  ${o.order_no}  member ${o.user_id}  ${o.status}  ${o.total} ${o.currency} (minor units)  ${o.created_at}`).join('\n') || 'no orders';
  }
  switch (sub) {
    case 'show': {
      const o = await orderForOperator(db, actor, { id: idOf(arg, 'order') });
      return [
        `order #${o.id} ${o.order_no} of member ${o.user_id}: ${o.status}`,
        ...o.lines.map((l) => `  line ${l.id}: ${l.name} ${l.spec_text} × ${l.num} (${l.shipped_num} shipped)  ${l.line_total}  PV ${l.line_pv}`),
        `  subtotal ${o.subtotal}, operating fee ${o.operating_fee}, freight ${o.freight}, total ${o.total} ${o.currency} (minor units)`,
        ...o.packages.map((p) => `  package ${p.id}: ${p.carrier} ${p.tracking_number} ${p.status}  ${p.lines.map((l) => `line ${l.order_line_id} × ${l.num}`).join(', ')}`),
        ...o.events.map((e) => `  ${e.at}  ${e.kind}${e.to_status ? ` → ${e.to_status}` : ''}  ${e.actor}${e.reason ? `  "${e.reason}"` : ''}`),
      ].join('\n');
    }
    case 'ship': {
      const carrier = flags.get('carrier');
      const number = flags.get('number');
      if (!carrier || !number) throw new Error('order ship <id> --carrier <carrier> --number <tracking number> [--lines <line>:<qty>,…]');
      const body = valid(c.adminShipOrder.body, { order_id: idOf(arg, 'order'), carrier, tracking_number: number, tracking_provider: 'manual', lines: packageLines(flags.get('lines')) });
      const r = await shipOrder({ db, providers: { parcelTracking: {} } }, actor, body);
      return `order #${r.order_id}: package ${r.package_id} shipped; the order is ${r.order_status}`;
    }
    case 'track': {
      const text = flags.get('text');
      if (!text) throw new Error('order track <package> --text "…" [--place "…"] [--delivered]');
      const r = await addTrackingEvent(db, actor, { package_id: idOf(arg, 'package'), text, place: flags.get('place') ?? '', delivered: flags.has('delivered') });
      return `package ${r.package_id}: ${r.added ? 'event added' : 'the same event was already there'}${r.delivered ? '; delivered' : ''}`;
    }
    case 'cancel': {
      const body = valid(c.adminCancelOrder.body, { id: idOf(arg, 'order'), reason: reasonOf(flags) });
      const r = await cancelOrderByOperator(depsOf(db), actor, body);
      if (r.request) return `order #${r.id} stays paid: cancelling it refunds it in full, so an operator who decides refunds approves request #${r.request.id} (npm run ops -- approvals approve ${r.request.id} --by <name> --code <code>)`;
      return r.status === 'refunding'
        ? `order #${r.id} is cancelled and refunding: its payment is refunded in full by the payments job (within a minute); its goods are back on sale`
        : r.status === 'refunded'
          ? `order #${r.id} is cancelled and refunded: nothing was paid in money, its coupon use and points are given back; its goods are back on sale`
          : `order #${r.id} is cancelled; its goods are back on sale`;
    }
    case 'reminders': {
      const { list } = await listReminders(db, actor);
      return list.map((r) => `#${r.order_id}  ${r.order_no}  member ${r.user_id}  reminded ${day(r.reminded_at)}  paid ${day(r.paid_at)}`).join('\n') || 'no reminders';
    }
    case 'expiry':
    case 'auto-confirm':
    case 'settle-after': {
      const n = idOf(arg, sub === 'expiry' ? 'minutes' : 'days');
      // Checked as the console's call is: a value out of range is told with the range, before the database refuses it.
      const body = valid(c.adminSetOrderSettings.body, sub === 'expiry' ? { expiry_minutes: n } : sub === 'auto-confirm' ? { auto_confirm_days: n } : { settle_after_days: n });
      const s = await setOrderSettingsRecorded(db, actor, body);
      return `orders stay unpaid at most ${counted(s.expiry_minutes, 'minute')}; unconfirmed orders complete ${counted(s.auto_confirm_days, 'day')} after delivery and settle ${counted(s.settle_after_days, 'day')} after completion, not before their after-sales window closes (by ${s.updated_by})`;
    }
    case 'points': {
      const [perUnit, shoppingPerUnit, share, earn] = words.slice(2, 6).map((v, i) => idOf(v, ['points per unit', 'shopping points per unit', 'max share (basis points)', 'earn rate (basis points)'][i]!));
      const s = await setPointsSettings(db, actor, { points_per_unit: perUnit, shopping_points_per_unit: shoppingPerUnit, points_max_share_bp: share, earn_rate_bp: earn }, flags.get('reason'));
      // What makes points worth more waits for a second operator; the rest is in force now.
      return `${s.request ? `${approvalLine(s.request)}\nnow: ` : ''}${s.points_per_unit} points / ${s.shopping_points_per_unit} shopping points are worth one ${SHOP_CURRENCY} in any order's currency; they pay at most ${s.points_max_share_bp / 100} % of the goods; completed orders earn ${s.earn_rate_bp / 100} % (by ${s.updated_by})`;
    }
    case 'goods-points': {
      const value = rest[0];
      const perUnit = value === 'none' ? null : idOf(value, 'points per unit');
      const { request } = await setGoodsPoints(db, actor, { goods_id: idOf(arg, 'goods'), points_per_unit: perUnit, reason: flags.get('reason') });
      if (request) return approvalLine(request);
      return `goods #${arg}: ${perUnit === null ? "earns the operator's percentage" : `each unit earns ${perUnit} points`}`;
    }
    case 'coupon':
      return couponCommand(db, actor, arg, rest, flags);
    case 'group-buy':
      return groupBuyCommand(db, actor, arg, rest, flags);
    case 'charity':
      return charityCommand(db, actor, arg, rest, flags);
    case 'fees': {
      const s = await settingsSnapshot(db, actor);
      return [
        'freight of regular orders:',
        ...s.shipping_fees.map((f) => `  ${f.country_code} ${money(f.fee, f.currency)}${f.free_over === null ? '' : `, free from ${money(f.free_over, f.currency)}`}  (by ${f.updated_by})`),
        'operating fees:',
        ...s.operating_fees.map((f) => `  ${f.country_code} ${f.rate_bp / 100} %  (by ${f.updated_by})`),
        'international freight:',
        ...s.international_freight.map((f) => `  ${f.country_code} ${f.method} ${f.weight_from_g}–${f.weight_to_g} g  ${money(f.fee, f.currency)}`),
      ].join('\n');
    }
    case 'shipping-fee': {
      const [currency, fee] = rest;
      const freeOver = flags.get('free-over');
      const body = valid(c.adminSaveShippingFee.body, { country_code: arg, currency, fee: num(fee), free_over: freeOver === undefined || freeOver === 'none' ? null : num(freeOver), reason: reasonOf(flags) });
      await saveShippingFee(db, actor, body, UNVERSIONED);
      return `freight to ${body.country_code}: ${money(body.fee, body.currency)}${body.free_over === null ? '' : `, free from ${money(body.free_over, body.currency)}`}`;
    }
    case 'operating-fee': {
      const body = valid(c.adminSaveOperatingFee.body, { country_code: arg, rate_bp: num(rest[0]), reason: reasonOf(flags) });
      await saveOperatingFee(db, actor, body, UNVERSIONED);
      return `operating fee of ${body.country_code}: ${body.rate_bp / 100} % of the subtotal`;
    }
    case 'freight': {
      const [from, to, fee, currency] = rest.slice(1);
      const body = valid(c.adminSaveInternationalFreight.body, { country_code: arg, method: rest[0], weight_from_g: num(from), weight_to_g: num(to), fee: num(fee), currency, reason: reasonOf(flags) });
      await saveInternationalFreight(db, actor, body, UNVERSIONED);
      return `international freight to ${body.country_code} by ${body.method}, ${body.weight_from_g}–${body.weight_to_g} g: ${money(body.fee, body.currency)}`;
    }
    default:
      throw new Error(`order show|ship|track|cancel|reminders|expiry|auto-confirm|settle-after|points|goods-points|coupon|group-buy|fees|shipping-fee|operating-fee|freight|charity\n\n${ORDER_USAGE}`);
  }
}

async function couponCommand(db: Database, actor: Actor, action: string | undefined, rest: string[], flags: Map<string, string>): Promise<string> {
  switch (action) {
    case 'create': {
      const from = time(flags.get('from'), '--from') ?? new Date().toISOString();
      const percent = flags.get('percent');
      const body = valid(c.adminCreateCoupon.body, {
        code: rest[0],
        kind: percent !== undefined ? 'percent' : 'amount',
        amount: num(flags.get('amount')),
        percent_bp: num(percent),
        currency: flags.get('currency'),
        min_spend: num(flags.get('min-spend')),
        starts_at: from,
        ends_at: windowEnd(flags, from),
        per_member_limit: num(flags.get('per-member')),
        total_limit: num(flags.get('total')),
        reason: flags.get('reason'),
      });
      const { request, result } = await createCoupon(db, actor, body);
      if (!result) return approvalLine(request);
      const off = body.kind === 'percent' ? `${body.percent_bp! / 100} %` : money(body.amount!, body.currency);
      return `coupon #${result.id} ${body.code.toUpperCase()}: ${off} off from ${money(body.min_spend, body.currency)}, ${day(body.starts_at)} to ${day(body.ends_at)}, ${body.per_member_limit} per member, ${body.total_limit ?? 'no'} limit in total`;
    }
    case 'list': {
      const page = await listCoupons(db, actor, { page: num(rest[0]) ?? 1, limit: 50 });
      return (
        page.list
          .map((k) => `#${k.id}  ${k.code}  ${k.kind === 'percent' ? `${k.percent_bp! / 100} %` : money(k.amount, k.currency)} off from ${money(k.min_spend, k.currency)}  ${day(k.starts_at)} to ${day(k.ends_at)}  used ${k.used}${k.total_limit === null ? '' : ` of ${k.total_limit}`}  (by ${k.created_by})`)
          .join('\n') || 'no coupons'
      );
    }
    case 'end': {
      const body = valid(c.adminEndCoupon.body, { id: idOf(rest[0], 'coupon'), reason: reasonOf(flags) });
      const r = await endCoupon(db, actor, body);
      return `coupon #${r.id} ended at ${day(r.ends_at)}: no order can use it any more`;
    }
    default:
      throw new Error('order coupon create|list|end');
  }
}

async function groupBuyCommand(db: Database, actor: Actor, action: string | undefined, rest: string[], flags: Map<string, string>): Promise<string> {
  switch (action) {
    case 'create': {
      const from = time(flags.get('from'), '--from') ?? new Date().toISOString();
      const body = valid(c.adminCreateGroupBuy.body, {
        goods_id: num(rest[0]),
        sku_id: num(rest[1]),
        price: num(flags.get('price')),
        group_size: num(flags.get('size')),
        quantity: num(flags.get('quantity')),
        fill_hours: num(flags.get('hours')) ?? 24,
        starts_at: from,
        ends_at: windowEnd(flags, from),
        per_order_limit: num(flags.get('per-order')),
        per_member_limit: num(flags.get('per-member')),
        virtual_fill_percent: num(flags.get('virtual')),
        reason: flags.get('reason'),
      });
      const { id, request } = await createGroupBuy(depsOf(db), actor, body);
      if (id === null) return `group buy below half the SKU's price: request #${request!.id} waits for a second operator`;
      return `group buy #${id}: groups of ${body.group_size} at ${body.price} (minor units), ${body.quantity} units set aside from SKU ${body.sku_id}, ${day(body.starts_at)} to ${day(body.ends_at)}`;
    }
    case 'list': {
      const page = await listGroupBuysForOperator(db, actor, { page: num(rest[0]) ?? 1, limit: 50 });
      return (
        page.list
          .map((a) => `#${a.id}  ${a.name}  groups of ${a.group_size} at ${money(a.price, a.currency)}  ${a.remaining} of ${a.quantity} left  ${a.open_groups} open group(s)  ${day(a.starts_at)} to ${day(a.ends_at)}  (by ${a.created_by})`)
          .join('\n') || 'no group buys'
      );
    }
    case 'end': {
      const body = valid(c.adminEndGroupBuy.body, { id: idOf(rest[0], 'group buy'), reason: reasonOf(flags) });
      const r = await endGroupBuy(depsOf(db), actor, body);
      return `group buy #${r.id} ended at ${day(r.ends_at)}: ${r.returned} unit(s) back in the SKU's stock; ${r.failed_groups} open group(s) failed: ${r.refunded_orders} paid order(s) refunded in full, ${r.cancelled_orders} unpaid order(s) cancelled; ${r.filled_groups} group(s) filled virtually`;
    }
    default:
      throw new Error('order group-buy create|list|end');
  }
}

async function charityCommand(db: Database, actor: Actor, action: string | undefined, rest: string[], flags: Map<string, string>): Promise<string> {
  switch (action) {
    case 'list': {
      const { list } = await causesForOperator(db, actor);
      return (
        list
          .map((k) => `#${k.id}  ${k.title[c.DEFAULT_LANGUAGE] ?? Object.values(k.title)[0] ?? ''}  ${k.status}  raised ${money(k.raised, k.currency)}${k.goal === null ? '' : ` of ${money(k.goal, k.currency)}`} from ${k.supporters} member(s), ${k.pledges} pledge(s)  from ${money(k.min_amount, k.currency)}`)
          .join('\n') || 'no causes'
      );
    }
    case 'create': {
      const body = valid(c.adminCreateCharityCause.body, {
        title: textsOf(flags, 'title'),
        description: textsOf(flags, 'description'),
        image: flags.get('image'),
        currency: flags.get('currency'),
        min_amount: num(flags.get('min')),
        goal: num(flags.get('goal')) ?? null,
      });
      const cause = await createCause(db, actor, body);
      return `cause #${cause.id} "${cause.title}" takes pledges from ${money(cause.min_amount, cause.currency)}${cause.goal === null ? '' : `, goal ${money(cause.goal, cause.currency)}`}`;
    }
    case 'edit': {
      const id = idOf(rest[0], 'cause');
      const cause = (await causesForOperator(db, actor)).list.find((k) => k.id === id);
      if (!cause) throw new Error(`no cause #${id}`);
      const goal = flags.get('goal');
      const body = valid(c.adminUpdateCharityCause.body, {
        id,
        // The cause as just read: a change made meanwhile by someone else is not undone by this one.
        base_updated_at: cause.updated_at,
        title: textsOf(flags, 'title', cause.title),
        description: textsOf(flags, 'description', cause.description),
        image: flags.get('image') ?? cause.image,
        min_amount: num(flags.get('min')) ?? cause.min_amount,
        goal: goal === 'none' ? null : (num(goal) ?? cause.goal),
        status: flags.has('close') ? 'closed' : flags.has('open') ? 'open' : cause.status,
        reason: reasonOf(flags),
      });
      const changed = await updateCauseFromConsole(depsOf(db), actor, body);
      return `cause #${changed.id} "${changed.title[c.DEFAULT_LANGUAGE] ?? ''}": ${changed.status}, from ${money(changed.min_amount, changed.currency)}${changed.goal === null ? '' : `, goal ${money(changed.goal, changed.currency)}`}`;
    }
    default:
      throw new Error('order charity list|create|edit');
  }
}
