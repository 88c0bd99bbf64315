import { z } from 'zod';
import { APPROVAL_KINDS, approvalChangeSchema, approvalWhatSchema, type ApprovalKind } from './approvals.js';
import { FLAG_DECISIONS } from './payments.schemas.js';

// What the audit log (operator_actions) records as an entry's action: a kind the console names in
// every language, then its details. The API can write no other (`insertOperatorAction` takes an
// `OperatorAction`), so no entry shows to an operator as a raw string.

/**
 * What happens at the console's door, recorded as `<kind> <address>`: signed in, refused (a wrong name
 * or password, a wrong or missing code, a disabled operator), locked out or rate limited (once per
 * window), a password set with a setup link, an authenticator bound, signed out. No kind starts another,
 * so the log's filter (the start of the action) finds each alone.
 */
export const ACCESS_KINDS = [
  'access.signed_in', 'access.wrong_password', 'access.wrong_code', 'access.disabled', 'access.locked', 'access.rate_limited',
  'access.password_set', 'access.totp_bound', 'access.signed_out',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** Every kind of decision the API records, each named in the console (`console.settings.kinds.<kind, . as _>`). */
export const OPERATOR_ACTION_KINDS = [
  // members and their identity
  'user.ban', 'user.unban', 'user.sessions.end', 'user.2fa.reset', 'realname.approve', 'realname.reject', 'cancel.approve', 'cancel.reject',
  // money
  'recharge.confirm', 'recharge.reject', 'withdrawal.approve', 'withdrawal.approved', 'withdrawal.paid', 'withdrawal.rejected',
  'adjustment.request', 'adjustment.post', 'adjustment.approve', 'adjustment.reject', 'rate.set', 'wallet_currency.on', 'wallet_currency.off', 'wallet_limit.set',
  'recharge_channel.set', 'collection_account.add', 'crypto_addresses.add', 'bank.add', 'payment_flag', 'payment.inquire', 'payment.refund',
  // orders and their settings
  'order.cancel', 'order.ship', 'order.tracking_event', 'order.points',
  'setting', 'setting.captcha_mode', 'setting.captcha_bypass', 'setting.shipping_countries', 'setting.orders', 'setting.operating_fee', 'setting.shipping_fee',
  'setting.international_freight', 'setting.adjustment_limit', 'setting.approval_limit', 'setting.pay_method',
  'setting.after_sales', 'setting.after_sales_address', 'setting.after_sales_reason', 'setting.after_sales_carrier',
  // operators
  'operator.create', 'operator.disable', 'operator.enable', 'operator.role', 'operator.2fa.reset', 'operator.member', 'operator.sign_in_link',
  // the console's door, each with the address it came from (docs/decisions/2026-11-30-operator-sign-ins-in-the-audit-log.md)
  ...ACCESS_KINDS,
  // promotions and the catalogue
  'goods.points', 'coupon.create', 'coupon.update', 'coupon.end', 'group_buy.create', 'group_buy.update', 'group_buy.end',
  'category.create', 'category.update', 'category.reorder', 'goods.create', 'goods.update', 'goods.on_sale', 'goods.off_sale', 'sku.price', 'sku.pv', 'sku.stock', 'review',
  // content, texts and messages
  'banner.create', 'banner.update', 'banner.delete', 'news.create', 'news.update', 'news.delete', 'notice.create', 'notice.update', 'notice.delete',
  'faq.create', 'faq.update', 'faq.delete', 'popup.create', 'popup.update', 'popup.delete', 'agreement.save', 'news_comment', 'language.text', 'messages.broadcast', 'charity.cause',
  // support
  'feedback.reply', 'feedback.close', 'feedback.category.create', 'feedback.category.update', 'support.settings',
  'chat.transfer', 'chat.close', 'chat.canned.create', 'chat.canned.update', 'chat.canned.delete',
  // after-sales, the referral team, member shops, lists
  'after_sale', 'referral.move', 'referral.commission', 'referral.pair_run', 'referral.house_code', 'application', 'shop', 'shop.stock', 'shop.settings', 'shop_order', 'export',
] as const;
export type OperatorActionKind = (typeof OPERATOR_ACTION_KINDS)[number];

/** Kinds whose entries go on with `.<word>` naming the decision or the thing (`after_sale.approve`, `export.orders`, `setting.captcha_mode=auto`): the kind names them all. */
export const OPERATOR_ACTION_FAMILIES = ['setting', 'after_sale', 'review', 'news_comment', 'application', 'shop', 'shop_order', 'referral.commission', 'order.cancel', 'payment_flag', 'export'] as const satisfies readonly OperatorActionKind[];

/**
 * The words the API writes after a family's kind for a decision (`application.reject`, `shop.paused`,
 * `order.cancel.refunding`): each has its own text `console.settings.kinds.<kind>_<word>` (. as _), so
 * the log names the decision in the operator's language, never by the English word. A word not listed
 * (none is written today) shows as its kind's text with the word as recorded.
 */
export const OPERATOR_ACTION_FAMILY_WORDS = {
  application: ['approve', 'reject'],
  'referral.commission': ['void', 'reverse'],
  shop: ['open', 'paused', 'closed'],
  shop_order: ['approve', 'reject', 'refund'],
  after_sale: ['approve', 'reject', 'restock', 'receive', 'refuse_receipt', 'refund', 'ship', 'close'],
  news_comment: ['show', 'hide'],
  review: ['hide', 'show', 'reply', 'reply_removed'],
  'order.cancel': ['cancelled', 'refunding', 'refunded'],
  payment_flag: FLAG_DECISIONS,
} as const satisfies Partial<Record<(typeof OPERATOR_ACTION_FAMILIES)[number], readonly string[]>>;

/** The steps of a request for a second operator (four eyes) the audit log records: asked, done at once within the threshold, approved, rejected, withdrawn or closed. */
export const APPROVAL_STEPS = ['request', 'done', 'approve', 'reject', 'cancel'] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

type Details = '' | ` ${string}` | `=${string}`;
/** An action as recorded: a kind and its details, a family's word, or a request's step (`rate.set.request #3 1 USD = 9.99 MYR`). */
export type OperatorAction =
  | `${OperatorActionKind}${Details}`
  | `${(typeof OPERATOR_ACTION_FAMILIES)[number]}.${string}`
  | `${ApprovalKind}.${ApprovalStep} #${number}${Details}`;

/** A request's entry read back: its kind, step, and what follows (`#3 1 USD = 9.99 MYR`); undefined for any other entry. */
export function approvalActionOf(action: string): { kind: ApprovalKind; step: ApprovalStep; detail: string } | undefined {
  const m = /^(.+)\.([a-z]+) (#\d+.*)$/s.exec(action);
  if (!m || !(APPROVAL_KINDS as readonly string[]).includes(m[1]!) || !(APPROVAL_STEPS as readonly string[]).includes(m[2]!)) return undefined;
  return { kind: m[1] as ApprovalKind, step: m[2] as ApprovalStep, detail: m[3]!.trim() };
}

const count = z.number().int();
/** A withdrawal or transfer way's fee and limits, amounts in minor units. */
const walletLimitValues = z.object({ fee_bp: count, fee_fixed: count, min: count, max: count, daily_count: count, daily_amount: count });
/** A top-up channel's values, its minimum and maximum in minor units. */
const rechargeChannelValues = z.object({ kind: z.string(), name: z.string(), currencies: z.array(z.string()), min: count, max: count, enabled: z.boolean() });
/**
 * What an entry records beside its action, as facts (numbers, codes, names, what an operator typed)
 * the console words in the operator's language; an entry without them shows the details written
 * after its kind. `request_id`: the request for a second operator the change was approved in.
 */
export const auditFactsSchema = z.discriminatedUnion('key', [
  /** A request for a second operator (asked, done at once, approved, rejected, withdrawn), as its request reads. */
  z.object({ key: z.literal('request'), what: approvalWhatSchema }),
  /**
   * A settings request (the referral plan, the member shops' fee and price band): each field it changes,
   * old → new as asked, amounts in minor units of `currency` (the old ones of a bonus currency change in
   * the old currency, its `from`).
   */
  z.object({ key: z.literal('request_changes'), currency: z.string(), changes: z.array(approvalChangeSchema) }),
  /** One approval of a withdrawal given, of the approvals it needs before it is paid. */
  z.object({ key: z.literal('approvals_given'), given: count, needed: count }),
  /** A change carried out once a second operator approved the request it was asked in (`asked_by`: the operator who asked, as recorded). */
  z.object({ key: z.literal('approved_request'), request_id: count, asked_by: z.string().optional() }),
  /**
   * An operator created or given a role (`role`: the role's code); `request_id` and `asked_by`: the
   * request another owner approved it in and who asked (null: done at once).
   */
  z.object({ key: z.literal('operator_role'), role: z.string(), request_id: count.nullable(), asked_by: z.string().nullable() }),
  /** A new sign-in link for an operator, their authenticator removed or not, approved in a request or not. */
  z.object({ key: z.literal('sign_in_link'), authenticator_removed: z.boolean(), request_id: count.nullable(), asked_by: z.string().nullable() }),
  /** A company collection account added in a currency, once a second operator approved the request it was asked in. */
  z.object({ key: z.literal('collection_account'), currency: z.string(), request_id: count, asked_by: z.string() }),
  /** Deposit addresses added to a network's pool: `added` of the `asked` (those already in it skipped), once approved. */
  z.object({ key: z.literal('crypto_addresses'), network: z.string(), added: count, asked: count, request_id: count, asked_by: z.string() }),
  /** A package of an order handed to a carrier. */
  z.object({ key: z.literal('shipment'), order_no: z.string(), package_id: count, carrier: z.string(), tracking_number: z.string() }),
  /** An event an operator entered on a package (`text` as typed), delivered or not. */
  z.object({ key: z.literal('tracking_event'), package_id: count, delivered: z.boolean(), text: z.string() }),
  /** Units added to (or taken from) an SKU's stock, and what it holds after (null: not known). */
  z.object({ key: z.literal('stock_change'), sku_id: count, delta: count, stock_after: count.nullable() }),
  /** A message sent to members. */
  z.object({ key: z.literal('broadcast'), recipients: count }),
  /** A support chat handed to another operator. */
  z.object({ key: z.literal('chat_transfer'), to: z.string() }),
  /** A member (with those below them) moved under another member, on a side. */
  z.object({ key: z.literal('placement_move'), member_id: count, parent_id: count, side: z.string(), moved: count }),
  /** A day's pair-bonus run; `rerun`: it had run, nothing changed. */
  z.object({ key: z.literal('pair_run'), day: z.string(), rerun: z.boolean() }),
  /** The slider captcha's mode as set (`off`, `auto`, `always`). */
  z.object({ key: z.literal('captcha_mode'), mode: z.string() }),
  /** Whether the app may go on when the slider cannot load, as set. */
  z.object({ key: z.literal('captcha_bypass'), on: z.boolean() }),
  /** The countries shipped to, as saved (their codes). */
  z.object({ key: z.literal('shipping_countries'), countries: z.array(z.string()) }),
  /** An exchange rate set: one `base` is `rate` (as typed, a decimal) `quote`. */
  z.object({ key: z.literal('exchange_rate'), base: z.string(), quote: z.string(), rate: z.string() }),
  /** What one operator may adjust alone in a currency (`XXX`: points), in its minor units. */
  z.object({ key: z.literal('adjustment_limit'), currency: z.string(), amount: count }),
  /** The member account an operator was linked to (null: unlinked). */
  z.object({ key: z.literal('operator_member'), member_id: count.nullable() }),
  /** The order times as saved (each null: left as it was): minutes an order may stay unpaid, days until unconfirmed ones complete and completed ones settle. */
  z.object({ key: z.literal('order_times'), expiry_minutes: count.nullable(), auto_confirm_days: count.nullable(), settle_after_days: count.nullable() }),
  /** Freight of regular orders to a country in a currency, in its minor units (`free_over` null: never free); `removed`: the row deleted. */
  z.object({ key: z.literal('shipping_fee'), country: z.string(), currency: z.string(), fee: count.nullable(), free_over: count.nullable(), removed: z.boolean() }),
  /** The operating fee of a destination country, in basis points. */
  z.object({ key: z.literal('operating_fee'), country: z.string(), rate_bp: count }),
  /** One weight band of the international freight table (`method`: standard, express), its fee in minor units of `currency`. */
  z.object({ key: z.literal('international_freight'), country: z.string(), method: z.string(), weight_from_g: count, weight_to_g: count, fee: count, currency: z.string() }),
  /** An SKU's price changed, in minor units of `currency`. */
  z.object({ key: z.literal('sku_price'), from: count, to: count, currency: z.string() }),
  /**
   * An after-sales return's refund, approved or made: what goes back to the member, in minor units of
   * `currency` (a card's surcharge coming back with it included); `from`: the figure an approval lowered
   * it from, as the console showed it (null: not lowered, or the refund itself).
   */
  z.object({ key: z.literal('after_sale_refund'), amount: count, currency: z.string(), from: count.nullable() }),
  /** A payment's gateway asked about it by an operator: its status before and after. */
  z.object({ key: z.literal('payment_inquiry'), reference: z.string(), from: z.string(), to: z.string() }),
  /**
   * A refund an operator made of a payment: the amount made, in minor units of `currency`; `open`: the
   * statuses of its parts not done (pending, failed); `error`: the response code that cut it off
   * (`unexpected`: none known), null when none did.
   */
  z.object({ key: z.literal('payment_refund'), reference: z.string(), amount: count, currency: z.string(), open: z.array(z.string()), error: z.union([count, z.literal('unexpected')]).nullable() }),
  /**
   * A kind's approval limits in a currency (`*`: every other currency, in USD; `XXX`: points), in minor
   * units: done at once up to `auto_up_to` (null: never), `daily_limit` per operator (null: none).
   */
  z.object({ key: z.literal('approval_limit'), kind: z.string(), currency: z.string(), auto_up_to: count.nullable(), daily_limit: count.nullable() }),
  /** A payment method (`code`: balance, card …) as saved: its fee (basis points and a fixed part in minor units of `currency`), whether it is offered and its order. */
  z.object({ key: z.literal('pay_method'), code: z.string(), currency: z.string(), fee_bp: count, fee_fixed: count, enabled: z.boolean(), sort: count }),
  /** A payment method added, offered, when its currency was offered in wallets (the balance in that currency). */
  z.object({ key: z.literal('pay_method_added'), code: z.string(), currency: z.string() }),
  /**
   * A withdrawal or transfer way's fee and limits in a currency as set (`values`) and as they were
   * (`before`; null: new): the fee in basis points and a fixed part, amounts in minor units of `currency`.
   */
  z.object({ key: z.literal('wallet_limit'), currency: z.string(), kind: z.string(), values: walletLimitValues, before: walletLimitValues.nullable() }),
  /** A top-up channel (`code`) as set (`values`) and as it was (`before`; null: new); its minimum and maximum in minor units. */
  z.object({ key: z.literal('recharge_channel'), code: z.string(), values: rechargeChannelValues, before: rechargeChannelValues.nullable() }),
  /** The after-sales windows and limits as saved, in days (`max_exchanges`: exchanges per unit). */
  z.object({
    key: z.literal('after_sale_settings'),
    return_days: count,
    exchange_days: count,
    max_exchanges: count,
    ship_back_days: count,
    auto_complete_days: count,
    review_edit_days: count,
  }),
  /** A return address or service point (`kind`: return, service) of a country, as saved: its name, in use or not. */
  z.object({ key: z.literal('after_sale_address'), kind: z.string(), country: z.string(), name: z.string(), enabled: z.boolean() }),
  /** A reason members may give for an after-sales kind (return, exchange, warranty), by its code: offered or hidden. */
  z.object({ key: z.literal('after_sale_reason'), kind: z.string(), code: z.string(), enabled: z.boolean() }),
  /** A carrier goods may be sent back with, by its code and name: in use or not. */
  z.object({ key: z.literal('after_sale_carrier'), code: z.string(), name: z.string(), enabled: z.boolean() }),
  /** The points settings changed (each null: left as it was): points and shopping points worth US$1, the share points may pay and the earn rate, in basis points. */
  z.object({
    key: z.literal('points_settings'),
    points_per_unit: count.nullable(),
    shopping_points_per_unit: count.nullable(),
    points_max_share_bp: count.nullable(),
    earn_rate_bp: count.nullable(),
  }),
  /**
   * A goods item's points per unit, from and to (null: the shop's percentage), its name in each language it
   * has; `request_id`: the request a second operator approved the raise in (null: done at once).
   */
  z.object({ key: z.literal('goods_points'), goods_id: count, name: z.record(z.string(), z.string()), from: count.nullable(), to: count.nullable(), request_id: count.nullable() }),
  /** An SKU's PV per unit, from and to; `request_id`: the request a second operator approved the raise in (null: done at once). */
  z.object({ key: z.literal('sku_pv'), from: count, to: count, request_id: count.nullable() }),
  /** A charity cause published, in a currency. */
  z.object({ key: z.literal('charity_cause_created'), currency: z.string() }),
  /** A charity cause changed, its status as saved (open, closed). */
  z.object({ key: z.literal('charity_cause'), status: z.string() }),
  /** The shop's house invitation code, from and to. */
  z.object({ key: z.literal('house_code'), from: z.string(), to: z.string() }),
  /** The categories of one parent in the order given (first shown first), by their numbers. */
  z.object({ key: z.literal('category_order'), ids: z.array(count) }),
  /** A currency offered in wallets, or no longer. */
  z.object({ key: z.literal('wallet_currency'), currency: z.string() }),
  /** A bank members may withdraw to, by its code and name. */
  z.object({ key: z.literal('bank'), code: z.string(), name: z.string() }),
  /** A canned reply of the support chat, in a language. */
  z.object({ key: z.literal('canned_reply'), lang: z.string() }),
  /**
   * A coupon's or group buy's terms changed (`kind`: coupon.update, group_buy.update; `code`: the coupon's,
   * null for a group buy): each field changed, old → new, amounts in minor units of `currency`;
   * `request_id`: the request a second operator approved it in (null: done at once).
   */
  z.object({ key: z.literal('promotion_change'), kind: z.enum(['coupon.update', 'group_buy.update']), code: z.string().nullable(), currency: z.string(), changes: z.array(approvalChangeSchema), request_id: count.nullable() }),
  /** The support settings as saved. */
  z.object({ key: z.literal('support_settings'), retention_days: count, feedback_daily_limit: count, chat_mode: z.string() }),
]);
export type AuditFacts = z.infer<typeof auditFactsSchema>;
