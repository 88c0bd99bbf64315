import type { ApprovalChange, ApprovalRequest, ApprovalWhat } from '@shop/contract/admin';
import { normalizeLanguage } from '@shop/contract/common';
import type { TFunction } from 'i18next';
import { formatDate, formatNumber, formatRate } from './format';
import { i18n } from './i18n';
import { showAmount, showPercent } from './money';

/**
 * The request a value call answered with when it waits for a second operator (four eyes), or
 * undefined when the call was done at once or is not a value call.
 */
export function waitingRequestOf(answer: unknown): { id: number } | undefined {
  const request = (answer as { request?: { id: number; status: string } } | null)?.request;
  return request?.status === 'pending' ? request : undefined;
}

/** A coupon's discount: an amount off in its currency, or a percentage. */
const discountOf = (w: { currency: string; amount: number | null; percent_bp: number | null }) => (w.amount !== null ? showAmount(w.amount, w.currency) : showPercent(w.percent_bp ?? 0));

/** A text kept in several languages, in the operator's language, else in English, else any it has ('' when none). */
function inOperatorLanguage(texts: Record<string, string>): string {
  const lang = normalizeLanguage(i18n.language) ?? 'en-us';
  return texts[lang]?.trim() || texts['en-us']?.trim() || Object.values(texts).find((n) => n.trim()) || '';
}

/** A goods item's name in the operator's language, else in English, else any it has, with its number. */
export function goodsName(w: { goods_id: number; name: Record<string, string> }): string {
  const name = inOperatorLanguage(w.name);
  return name ? `${name} (#${w.goods_id})` : `#${w.goods_id}`;
}

/** What a request does in the operator's language, money and numbers as the console writes them. */
function whatText(t: TFunction, w: ApprovalWhat): string {
  // `count` picks the text's singular or plural form ("1 gift card"); every value shown, a count too, is written as the console writes numbers ("1,200").
  const k = (key: string, values: Record<string, string>, count?: number): string =>
    count === undefined ? t(`console.money.approvals.what.${key}`, values) : t(`console.money.approvals.what.${key}`, { count, replace: values });
  switch (w.key) {
    case 'gift_cards':
      return k(w.key, { count: formatNumber(w.count), value: showAmount(w.value, w.currency) }, w.count);
    case 'points':
    case 'shopping_points':
      return k(w.key, { amount: formatNumber(w.amount) }, w.amount);
    case 'top_up':
      return k(w.tx_hash ? 'top_up_tx' : 'top_up', { order: w.order_no, amount: showAmount(w.amount, w.currency), tx: w.tx_hash ?? '' });
    case 'coupon':
      return k(w.key, { code: w.code, discount: discountOf(w) });
    case 'coupon_change':
      return k(w.key, {
        code: w.code,
        discount: discountOf(w),
        minSpend: showAmount(w.min_spend, w.currency),
        starts: formatDate(w.starts_at),
        ends: formatDate(w.ends_at),
        perMember: formatNumber(w.per_member_limit),
        total: w.total_limit === null ? t('console.money.approvals.what.noLimit') : formatNumber(w.total_limit),
      });
    case 'rate':
      return k(w.date ? 'rate_from' : 'rate', { base: w.base, quote: w.quote, rate: formatRate(w.rate), date: formatDate(w.date, true) });
    case 'shop_stock':
      return k(w.key, { delta: formatNumber(w.delta), sku: String(w.sku_id), shop: w.shop });
    case 'goods_points':
      return k(w.key, {
        goods: goodsName(w),
        from: w.from === null ? t('console.money.approvals.what.goods_points_percentage') : formatNumber(w.from),
        to: formatNumber(w.to),
      });
    case 'sku_pv': {
      const options = inOperatorLanguage(w.options);
      return k(options ? 'sku_pv_options' : w.key, { goods: goodsName(w), options, from: formatNumber(w.from), to: formatNumber(w.to) });
    }
    case 'group_buy': {
      const options = inOperatorLanguage(w.options);
      const terms = { goods: options ? `${goodsName(w)} · ${options}` : goodsName(w), price: showAmount(w.price, w.currency), skuPrice: showAmount(w.sku_price, w.currency), quantity: formatNumber(w.quantity) };
      return w.change === null ? k(w.key, terms, w.quantity) : k('group_buy_change', { ...terms, id: String(w.change), from: showAmount(w.from ?? 0, w.currency) }, w.quantity);
    }
    case 'new_operator':
      return k(w.key, { name: w.user_name, role: t(`console.app.roles.${w.role}`) });
    case 'operator_role':
      return k(w.key, { name: w.user_name, id: String(w.operator_id), from: t(`console.app.roles.${w.from}`), role: t(`console.app.roles.${w.role}`) });
    case 'operator_link':
    case 'operator_disable':
    case 'operator_enable':
      return k(w.key, { name: w.user_name, id: String(w.operator_id), role: t(`console.app.roles.${w.role}`) });
    // Where members will send money, whole: the approver checks every character of it.
    case 'collection_account':
      return k(w.key, { currency: w.currency, bank: w.branch ? `${w.bank_name} (${w.branch})` : w.bank_name, holder: w.account_name, number: w.account_number });
    case 'deposit_addresses':
      return k(w.key, { network: w.network, count: formatNumber(w.addresses.length), addresses: w.addresses.join(', ') });
    case 'order_refund':
      return k(w.key, { order: w.order_no, amount: showAmount(w.amount, w.currency) });
  }
}

/** A request's "what" in words: from its data in the operator's language, else (its payload unreadable) its English summary. */
export const approvalText = (t: TFunction, r: Pick<ApprovalRequest, 'what' | 'summary'>): string => (r.what ? whatText(t, r.what) : r.summary);

/** How a field's values read: money in the request's currency, a percentage, a moment, a limit (null: none). */
type Shape = 'money' | 'percent' | 'date' | 'limit';
/** The coupon editor's label of each field a coupon change has. */
const COUPON_LABELS: Record<string, string> = { amount: 'amount', percent_bp: 'percent', min_spend: 'minSpend', starts_at: 'starts', ends_at: 'ends', per_member_limit: 'perMember', total_limit: 'totalLimit' };
/** The group-buy editor's label of each field a group buy change has. */
const GROUP_BUY_LABELS: Record<string, string> = {
  price: 'price',
  group_size: 'groupSize',
  fill_hours: 'fillHours',
  starts_at: 'starts',
  ends_at: 'ends',
  per_order_limit: 'perOrder',
  per_member_limit: 'perMember',
  virtual_fill_percent: 'virtualFill',
};
/** The shop settings page's label of each field a change of the fee or the price band has. */
const SHOP_SETTINGS_LABELS: Record<string, string> = { fee_bp: 'fee', price_below_bp: 'below', price_above_bp: 'above' };
/** The settings page's label of each points setting a change makes worth more. */
const POINTS_LABELS: Record<string, string> = { points_per_unit: 'pointsPerUnit', shopping_points_per_unit: 'shoppingPointsPerUnit', points_max_share_bp: 'pointsMaxShare', earn_rate_bp: 'earnRate' };
/** Each kind with changes: where its field labels live in the console's packs, and the fields that are not plain numbers, yes/no or words. */
const FIELDS: Partial<Record<ApprovalRequest['kind'], { label: (field: string) => string; shapes: Record<string, Shape> }>> = {
  'referral.plan': {
    label: (f) => `console.referral.plan.${f}`,
    shapes: { pair_rate_bp: 'percent', level1_rate_bp: 'percent', level2_rate_bp: 'percent', level3_rate_bp: 'percent', pv_value_minor: 'money', default_daily_cap_minor: 'money', daily_cap: 'money' },
  },
  'coupon.update': {
    label: (f) => `console.catalogue.coupons.${COUPON_LABELS[f] ?? f}`,
    shapes: { amount: 'money', min_spend: 'money', percent_bp: 'percent', starts_at: 'date', ends_at: 'date', total_limit: 'limit' },
  },
  'group_buy.update': {
    label: (f) => `console.catalogue.groupBuys.${GROUP_BUY_LABELS[f] ?? f}`,
    shapes: { price: 'money', starts_at: 'date', ends_at: 'date', per_order_limit: 'limit', per_member_limit: 'limit' },
  },
  'shop.settings': {
    label: (f) => `console.shops.settings.${SHOP_SETTINGS_LABELS[f] ?? f}`,
    shapes: { fee_bp: 'percent', price_below_bp: 'percent', price_above_bp: 'percent' },
  },
  'points.settings': {
    label: (f) => `console.settings.page.${POINTS_LABELS[f] ?? f}`,
    shapes: { points_max_share_bp: 'percent', earn_rate_bp: 'percent' },
  },
};
/** One change of a settings request in words: its label (a star's field with its star) and old → new, money in its currency, rates as percentages. */
export function changeText(t: TFunction, request: Pick<ApprovalRequest, 'kind' | 'currency' | 'changes'>): (c: ApprovalChange) => string {
  const fields = FIELDS[request.kind];
  // Amounts before a change of the bonus currency were in the old one.
  const oldCurrency = request.changes?.find((c) => c.field === 'bonus_currency')?.from;
  const value = (c: ApprovalChange, v: ApprovalChange['from'], currency: string) => {
    const shape = fields?.shapes[c.field];
    if (v === null) return shape === 'limit' ? t('console.money.approvals.what.noLimit') : '—';
    if (typeof v === 'boolean') return t(v ? 'console.money.approvals.yes' : 'console.money.approvals.no');
    if (typeof v === 'string') return shape === 'date' ? formatDate(v) : v;
    if (shape === 'percent') return showPercent(v);
    if (shape === 'money') return showAmount(v, currency);
    return formatNumber(v);
  };
  return (c: ApprovalChange) => {
    const field = fields ? t(fields.label(c.field)) : c.field;
    const label = c.star === null ? field : t('console.money.approvals.starField', { star: c.star, field });
    return `${label}: ${value(c, c.from, typeof oldCurrency === 'string' ? oldCurrency : request.currency)} → ${value(c, c.to, request.currency)}`;
  };
}
