import { APPROVAL_KINDS, APPROVAL_STEPS, OPERATOR_ACTION_FAMILY_WORDS, OPERATOR_ACTION_KINDS, OPERATOR_ACTION_TARGETS, approvalActionOf, type ApprovalKind, type ApprovalStep, type AuditFacts } from '@shop/contract/admin';
import type { TFunction } from 'i18next';
import { approvalText, changeText, goodsName } from './approvals';
import { LANGUAGE_NAMES, toMinorUnits } from '@shop/contract/common';
import { formatDate, formatMoney, formatNumber, formatRate } from './format';
import { POINTS } from './money';

/**
 * The kinds of operator decisions the audit log holds (the start of each entry's action, before its
 * details): every kind the API can record (the contract's list, which the API's writes are typed by).
 * Each has a text `settings.kinds.<kind with _ for .>`.
 */
export const AUDIT_KINDS = OPERATOR_ACTION_KINDS;

/** A request's step as the log reads it: what was asked, approved … never as the thing done. */
const STEP_TEXTS: Readonly<Record<ApprovalStep, string>> = {
  request: 'console.settings.audit.steps.requested',
  done: 'console.settings.audit.steps.doneAtOnce',
  approve: 'console.settings.audit.steps.approved',
  reject: 'console.settings.audit.steps.rejected',
  cancel: 'console.settings.audit.steps.cancelled',
};

const textKey = (kind: string) => `console.settings.kinds.${kind.replace(/\./g, '_')}`;
/** What a request of this kind asks for, as the approvals page names it. */
const requestName = (t: TFunction, kind: ApprovalKind) => t(`console.money.approvals.kinds.${kind}`);
const stepLabel = (t: TFunction, kind: ApprovalKind, step: ApprovalStep) => t(STEP_TEXTS[step], { what: requestName(t, kind) });

/**
 * An entry's facts in the console's language (`console.audit.facts.<key>`), numbers and money as the
 * console writes them; what an operator typed as typed. `kind`: the request's, for a settings request's
 * changes (where its fields' names live).
 */
export function describeFacts(t: TFunction, facts: AuditFacts, kind?: ApprovalKind): string {
  const k = (key: string, values: Record<string, string>, count?: number) =>
    count === undefined ? t(`console.audit.facts.${key}`, values) : t(`console.audit.facts.${key}`, { count, replace: values });
  // The request another operator approved a change in, and who asked for it (as recorded); none when done at once.
  const askedIn = (id: number | null, by: string | null) => (id === null ? '' : k('approved_request_asked', { id: String(id), name: by ?? '' }));
  // The request a second operator approved a change in; none when done at once.
  const approvedIn = (id: number | null) => (id === null ? '' : k('approved_request', { id: String(id) }));
  switch (facts.key) {
    case 'request':
      return approvalText(t, { what: facts.what, summary: '' });
    case 'request_changes':
      return facts.changes.length === 0
        ? t('console.money.approvals.noChanges')
        : facts.changes.map(changeText(t, { kind: kind ?? 'referral.plan', currency: facts.currency, changes: facts.changes })).join('; ');
    case 'approvals_given':
      return k(facts.key, { given: formatNumber(facts.given), needed: formatNumber(facts.needed) });
    case 'approved_request':
      return facts.asked_by === undefined ? k(facts.key, { id: String(facts.request_id) }) : askedIn(facts.request_id, facts.asked_by);
    case 'operator_role':
      return [k(facts.key, { role: t(`console.app.roles.${facts.role}`, { defaultValue: facts.role }) }), askedIn(facts.request_id, facts.asked_by)].filter(Boolean).join('; ');
    case 'sign_in_link':
      return [facts.authenticator_removed ? t('console.audit.facts.authenticator_removed') : '', askedIn(facts.request_id, facts.asked_by)].filter(Boolean).join('; ');
    case 'collection_account':
      return [k(facts.key, { currency: facts.currency }), askedIn(facts.request_id, facts.asked_by)].join('; ');
    case 'crypto_addresses':
      return [k(facts.key, { network: facts.network, added: formatNumber(facts.added), asked: formatNumber(facts.asked) }), askedIn(facts.request_id, facts.asked_by)].join('; ');
    case 'shipment':
      return k(facts.key, { order: facts.order_no, package: String(facts.package_id), carrier: facts.carrier, tracking: facts.tracking_number });
    case 'tracking_event':
      return k(facts.delivered ? 'tracking_event_delivered' : facts.key, { package: String(facts.package_id), text: facts.text });
    case 'stock_change': {
      const delta = `${facts.delta > 0 ? '+' : ''}${formatNumber(facts.delta)}`;
      return facts.stock_after === null ? k(facts.key, { sku: String(facts.sku_id), delta }) : k('stock_change_after', { sku: String(facts.sku_id), delta, after: formatNumber(facts.stock_after) });
    }
    case 'broadcast':
      return k(facts.key, { count: formatNumber(facts.recipients) }, facts.recipients);
    case 'chat_transfer':
      return k(facts.key, { name: facts.to });
    case 'placement_move':
      return k(facts.key, { member: String(facts.member_id), parent: String(facts.parent_id), side: facts.side, count: formatNumber(facts.moved) }, facts.moved);
    case 'pair_run':
      return k(facts.rerun ? 'pair_run_again' : facts.key, { day: formatDate(facts.day, true) });
    case 'captcha_mode':
      return t(`console.settings.page.captchaModes.${facts.mode}`, { defaultValue: facts.mode });
    case 'captcha_bypass':
      return t(facts.on ? 'console.audit.facts.on' : 'console.audit.facts.off');
    case 'shipping_countries':
      return facts.countries.join(', ');
    case 'exchange_rate':
      return `1 ${facts.base} = ${formatRate(facts.rate)} ${facts.quote}`;
    case 'adjustment_limit':
      return facts.currency === POINTS ? `${formatNumber(facts.amount)} ${t('console.members.assets.points')}` : formatMoney(facts.amount, facts.currency);
    case 'operator_member':
      return facts.member_id === null ? t('console.audit.facts.operator_member_none') : `${t('console.common.member')} #${facts.member_id}`;
    case 'support_settings':
      return k(facts.key, { days: formatNumber(facts.retention_days), limit: formatNumber(facts.feedback_daily_limit), mode: facts.chat_mode });
    case 'order_times':
      return (
        [
          ['console.settings.page.expiryMinutes', facts.expiry_minutes],
          ['console.settings.page.autoConfirmDays', facts.auto_confirm_days],
          ['console.settings.page.settleAfterDays', facts.settle_after_days],
        ] as const
      )
        .filter(([, value]) => value !== null)
        .map(([label, value]) => `${t(label)}: ${formatNumber(value!)}`)
        .join('; ');
    case 'shipping_fee':
      if (facts.removed || facts.fee === null) return k('shipping_fee_removed', { country: facts.country, currency: facts.currency });
      return [
        facts.country,
        `${t('console.settings.page.fee')}: ${formatMoney(facts.fee, facts.currency)}`,
        facts.free_over === null ? '' : `${t('console.settings.page.freeOver')}: ${formatMoney(facts.free_over, facts.currency)}`,
      ]
        .filter(Boolean)
        .join('; ');
    case 'operating_fee':
      return `${facts.country}: ${basisPoints(facts.rate_bp)}`;
    case 'international_freight':
      return [
        facts.country,
        t(`console.settings.page.methods.${facts.method}`, { defaultValue: facts.method }),
        `${formatNumber(facts.weight_from_g)}–${formatNumber(facts.weight_to_g)} g`,
        formatMoney(facts.fee, facts.currency),
      ].join('; ');
    case 'after_sale_refund':
      // What goes back to the member; an approval that lowered it says from what (the figure the member was told of too).
      return facts.from === null ? formatMoney(facts.amount, facts.currency) : k('after_sale_refund_reduced', { amount: formatMoney(facts.amount, facts.currency), from: formatMoney(facts.from, facts.currency) });
    case 'sku_price':
      return `${formatMoney(facts.from, facts.currency)} → ${formatMoney(facts.to, facts.currency)}`;
    case 'payment_inquiry': {
      const status = (s: string) => t(`console.payments.status.${s}`, { defaultValue: s });
      return `${facts.reference}: ${status(facts.from)} → ${status(facts.to)}`;
    }
    case 'payment_refund': {
      const open = facts.open.map((s) => t(`console.payments.refundStatus.${s}`, { defaultValue: s })).join(', ');
      const error = facts.error === null ? '' : facts.error === 'unexpected' ? t('console.audit.facts.refund_error_unexpected') : k('refund_error', { code: String(facts.error) });
      return [`${facts.reference}: ${formatMoney(facts.amount, facts.currency)}${open ? ` (${open})` : ''}`, error].filter(Boolean).join('; ');
    }
    case 'approval_limit': {
      // `*`: every other currency, in USD converted at the day's rate, as the Approvals page shows it; `XXX`: points.
      const amount = (v: number) =>
        facts.currency === POINTS ? `${formatNumber(v)} ${t('console.members.assets.points')}` : facts.currency === '*' ? formatMoney(v, 'USD') : formatMoney(v, facts.currency);
      return [
        t(`console.money.approvals.kinds.${facts.kind}`, { defaultValue: facts.kind }),
        facts.currency === '*' ? t('console.money.approvals.anyCurrency') : facts.currency,
        `${t('console.money.approvals.autoUpTo')}: ${facts.auto_up_to === null ? t('console.money.approvals.never') : amount(facts.auto_up_to)}`,
        `${t('console.money.approvals.dailyLimit')}: ${facts.daily_limit === null ? '—' : amount(facts.daily_limit)}`,
      ].join('; ');
    }
    case 'pay_method':
      return [
        `${payMethodName(t, facts.code)}, ${facts.currency}`,
        `${t('console.money.settings.fee')}: ${basisPoints(facts.fee_bp)} + ${formatMoney(facts.fee_fixed, facts.currency)}`,
        `${t('console.money.settings.enabled')}: ${t(facts.enabled ? 'console.money.settings.on' : 'console.money.settings.off')}`,
        `${t('console.money.settings.sort')}: ${formatNumber(facts.sort)}`,
      ].join('; ');
    case 'pay_method_added':
      return k(facts.key, { method: payMethodName(t, facts.code), currency: facts.currency });
    case 'wallet_limit': {
      const money = (v: number) => formatMoney(v, facts.currency);
      const shown = (v: typeof facts.values): Array<[string, string]> => [
        ['console.money.settings.fee', `${basisPoints(v.fee_bp)} + ${money(v.fee_fixed)}`],
        ['console.money.settings.min', money(v.min)],
        ['console.money.settings.max', money(v.max)],
        ['console.money.settings.dailyCount', formatNumber(v.daily_count)],
        ['console.money.settings.dailyAmount', money(v.daily_amount)],
      ];
      const head = `${facts.currency}, ${t(`console.money.settings.kinds.${facts.kind}`, { defaultValue: facts.kind })}`;
      return [head, ...settingValues(t, shown(facts.values), facts.before && shown(facts.before))].join('; ');
    }
    case 'recharge_channel': {
      const shown = (v: typeof facts.values): Array<[string, string]> => [
        ['console.money.settings.kind', v.kind],
        ['console.money.settings.name', v.name],
        ['console.money.settings.currencies', v.currencies.join(', ')],
        ['console.money.settings.minMinor', formatNumber(v.min)],
        ['console.money.settings.maxMinor', formatNumber(v.max)],
        ['console.money.settings.enabled', t(v.enabled ? 'console.money.settings.on' : 'console.money.settings.off')],
      ];
      return [facts.code, ...settingValues(t, shown(facts.values), facts.before && shown(facts.before))].join('; ');
    }
    case 'after_sale_settings':
      return AFTER_SALE_WINDOWS.map((field) => `${t(`console.afterSales.settings.${field}`)}: ${formatNumber(facts[field])}`).join('; ');
    case 'after_sale_address': {
      const kind = facts.kind === 'return' ? 'console.afterSales.settings.returnAddress' : facts.kind === 'service' ? 'console.afterSales.settings.servicePoint' : '';
      return [[kind ? t(kind) : facts.kind, facts.country, facts.name].filter(Boolean).join(', '), inUse(t, onOff(t, facts.enabled))].join('; ');
    }
    case 'after_sale_reason':
      return [
        `${t(`console.afterSales.kinds.${facts.kind}`, { defaultValue: facts.kind })}, ${facts.code}`,
        inUse(t, t(facts.enabled ? 'console.afterSales.reasons.offered' : 'console.afterSales.reasons.hidden')),
      ].join('; ');
    case 'after_sale_carrier':
      return [facts.name ? `${facts.name} (${facts.code})` : facts.code, inUse(t, onOff(t, facts.enabled))].join('; ');
    case 'points_settings':
      return (
        [
          ['console.settings.page.pointsPerUnit', facts.points_per_unit],
          ['console.settings.page.shoppingPointsPerUnit', facts.shopping_points_per_unit],
          // Typed and shown as a percentage on the settings page, whose label says so.
          ['console.settings.page.pointsMaxShare', facts.points_max_share_bp === null ? null : facts.points_max_share_bp / 100],
          ['console.settings.page.earnRate', facts.earn_rate_bp === null ? null : facts.earn_rate_bp / 100],
        ] as const
      )
        .filter(([, value]) => value !== null)
        .map(([label, value]) => `${t(label)}: ${formatNumber(value!)}`)
        .join('; ');
    case 'goods_points': {
      const rule = (v: number | null) => (v === null ? t('console.money.approvals.what.goods_points_percentage') : formatNumber(v));
      return [t('console.money.approvals.what.goods_points', { goods: goodsName(facts), from: rule(facts.from), to: rule(facts.to) }), approvedIn(facts.request_id)].filter(Boolean).join('; ');
    }
    case 'sku_pv':
      return [`${t('console.catalogue.editor.pv')}: ${formatNumber(facts.from)} → ${formatNumber(facts.to)}`, approvedIn(facts.request_id)].filter(Boolean).join('; ');
    case 'charity_cause_created':
      return `${t('console.common.currency')}: ${facts.currency}`;
    case 'charity_cause': {
      const status = facts.status === 'open' ? 'console.settings.charity.open' : facts.status === 'closed' ? 'console.settings.charity.closed' : '';
      return `${t('console.common.status')}: ${status ? t(status) : facts.status}`;
    }
    case 'house_code':
      return `${facts.from} → ${facts.to}`;
    case 'category_order':
      return facts.ids.map((id) => `#${id}`).join(', ');
    case 'wallet_currency':
      return facts.currency;
    case 'bank':
      return facts.name ? `${facts.name} (${facts.code})` : facts.code;
    case 'canned_reply':
      return (LANGUAGE_NAMES as Readonly<Record<string, string>>)[facts.lang] ?? facts.lang;
    case 'promotion_change': {
      const changes = facts.changes.length === 0 ? t('console.money.approvals.noChanges') : facts.changes.map(changeText(t, { kind: facts.kind, currency: facts.currency, changes: facts.changes })).join('; ');
      return [facts.code ?? '', changes, approvedIn(facts.request_id)].filter(Boolean).join('; ');
    }
  }
}

/** The after-sales windows and limits, in the order the settings page shows them. */
const AFTER_SALE_WINDOWS = ['return_days', 'exchange_days', 'max_exchanges', 'ship_back_days', 'auto_complete_days', 'review_edit_days'] as const;

const onOff = (t: TFunction, on: boolean) => t(on ? 'console.audit.facts.on' : 'console.audit.facts.off');
/** Whether a row is in use, by the label the after-sales settings' lists give the column. */
const inUse = (t: TFunction, value: string) => `${t('console.afterSales.settings.enabled')}: ${value}`;

/**
 * A setting's values as the log shows them, each by its form's label: a new one ("New") with every
 * value; a changed one with those changed, old → new (every value when none changed, so it never reads blank).
 */
function settingValues(t: TFunction, values: Array<[string, string]>, before: Array<[string, string]> | null): string[] {
  if (!before) return [t('console.audit.facts.setting_new'), ...values.map(([label, v]) => `${t(label)}: ${v}`)];
  const changed = values.filter(([, v], i) => before[i]![1] !== v);
  if (!changed.length) return values.map(([label, v]) => `${t(label)}: ${v}`);
  return values.flatMap(([label, v], i) => (before[i]![1] === v ? [] : [`${t(label)}: ${before[i]![1]} → ${v}`]));
}

/** Basis points as a percentage in the console's language (250 → "2.5 %"). */
const basisPoints = (bp: number) => `${formatNumber(bp / 100)} %`;

/** A payment method by the name the payments pages give it; a method they have no name for, by its code. */
const payMethodName = (t: TFunction, code: string) => t(`console.payments.methods.${code}`, { defaultValue: code });

/**
 * An action as the log shows it, in the console's language: a request for a second operator as
 * "Requested: <what>" (approved, rejected …) with its number and what it asks, any other action as its
 * kind's text with its details: from its facts when it has them, else as recorded after the kind (an
 * older entry). An action of no known kind shows as recorded.
 */
export function describeAction(t: TFunction, action: string, facts: AuditFacts | null = null): { label: string; detail: string } {
  const request = approvalActionOf(action);
  const worded = facts ? describeFacts(t, facts, request?.kind) : '';
  if (request) return { label: stepLabel(t, request.kind, request.step), detail: worded ? `${request.detail} ${worded}` : request.detail };
  const name = /^[^ =]*/.exec(action)![0];
  const parts = name.split('.');
  for (let n = parts.length; n > 0; n--) {
    const kind = parts.slice(0, n).join('.');
    if ((AUDIT_KINDS as readonly string[]).includes(kind)) {
      const recorded = action.slice(kind.length).replace(/^[ .=]/, '').trim();
      // A family's decision (`application.reject`, `shop.paused`) by its own text, whatever follows it as recorded.
      const word = /^[a-z_]+/.exec(recorded)?.[0];
      const words: readonly string[] | undefined = FAMILY_WORDS[kind];
      if (word && words?.includes(word) && action.charAt(kind.length) === '.') {
        const rest = recorded.slice(word.length).trim();
        return { label: t(`${textKey(kind)}_${word}`), detail: [rest, worded].filter(Boolean).join(' ') };
      }
      // One approval of a withdrawal recorded before its counts were facts ("1 of 2"): worded the same.
      const given = kind === 'withdrawal.approve' && !facts ? /^(\d+) of (\d+)$/.exec(recorded) : null;
      if (given) return { label: t(textKey(kind)), detail: describeFacts(t, { key: 'approvals_given', given: Number(given[1]), needed: Number(given[2]) }) };
      const detail = kind.startsWith('adjustment.') ? adjustmentDetail(t, recorded) : kind === 'export' ? exportListName(t, recorded) : recorded;
      return { label: t(textKey(kind)), detail: [detail, worded].filter(Boolean).join(' ') };
    }
  }
  return { label: action, detail: worded };
}

/**
 * An adjustment's details as recorded ("#2 cash 2000.00 USD", "#5 points 500 points") in the console's
 * language: the asset by its name, the amount as the console writes money ("#2 Egyenleg 2 000,00 USD").
 * Anything else stays as recorded.
 */
function adjustmentDetail(t: TFunction, recorded: string): string {
  const m = /^#(\d+) (cash|points|shopping_points) (-?\d+(?:\.\d+)?) ([A-Z]{3}|points)$/.exec(recorded);
  if (!m) return recorded;
  const [, id, asset, amount, unit] = m;
  let shownAmount: string;
  try {
    shownAmount = unit === 'points' ? formatNumber(Number(amount)) : formatMoney(toMinorUnits(amount!, unit!), unit!);
  } catch {
    return recorded;
  }
  return `#${id} ${t(`console.members.assets.${asset}`)} ${shownAmount}`;
}

const FAMILY_WORDS: Partial<Record<string, readonly string[]>> = OPERATOR_ACTION_FAMILY_WORDS;

/** Each family's decisions with their own text (`application.reject` → "Role application rejected"), for the log's filter and its tests. */
export const AUDIT_FAMILY_ACTIONS: ReadonlyArray<{ action: string; key: string }> = Object.entries(OPERATOR_ACTION_FAMILY_WORDS).flatMap(([kind, words]) =>
  (words as readonly string[]).map((word) => ({ action: `${kind}.${word}`, key: `${textKey(kind)}_${word}` })),
);

/** The kinds to filter the log by, labelled in the console's language: every kind, each family's decisions, then each request kind's steps. */
export const auditKindOptions = (t: TFunction) => [
  ...AUDIT_KINDS.map((kind) => ({ value: kind as string, label: t(textKey(kind)) })),
  ...AUDIT_FAMILY_ACTIONS.map(({ action, key }) => ({ value: action, label: t(key) })),
  ...APPROVAL_KINDS.flatMap((kind) => APPROVAL_STEPS.map((step) => ({ value: `${kind}.${step}`, label: stepLabel(t, kind, step) }))),
];

/** What an entry is about as the log shows it (the types in OPERATOR_ACTION_TARGETS each have a text `console.audit.targets.<type>`, another shows as recorded): its type's text in the console's language, and its number when it names a row (exports and settings name none: 0). */
export function describeTarget(t: TFunction, type: string, id: number): string {
  const label = (OPERATOR_ACTION_TARGETS as readonly string[]).includes(type) ? t(`console.audit.targets.${type}`) : type;
  return id > 0 ? `${label} #${id}` : label;
}

const filterValue = (v: unknown): string => (Array.isArray(v) ? v.map(filterValue).join(', ') : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Each list an operator can export (`export.<name>`, the API's list names), by the name the console gives it (its menu entry or tab). */
export const EXPORT_LIST_TEXTS: Readonly<Record<string, string>> = {
  realname: 'console.nav.realname',
  cancellation: 'console.nav.cancellation',
  members: 'console.nav.members',
  audit: 'console.nav.audit',
  orders: 'console.nav.orders',
  withdrawals: 'console.nav.withdrawals',
  recharges: 'console.nav.recharges',
  banners: 'console.content.nav.banners',
  news: 'console.content.nav.news',
  notices: 'console.content.nav.notices',
  faqs: 'console.content.nav.faqs',
  popups: 'console.content.nav.popups',
  goods: 'console.catalogue.nav.goods',
  coupons: 'console.catalogue.nav.coupons',
  'group-buys': 'console.catalogue.nav.groupBuys',
  'after-sales': 'console.afterSales.nav',
  payments: 'console.payments.tabs.payments',
  'payment-flags': 'console.payments.tabs.flags',
  refunds: 'console.payments.tabs.refunds',
  journal: 'console.money.nav.ledger',
  adjustments: 'console.money.nav.adjustments',
  'gift-card-batches': 'console.money.nav.giftCards',
  'charity-pledges': 'console.settings.charity.pledges',
  'language-texts': 'console.settings.page.tabs.languages',
};

/** An exported list by its name in the console's language; a list the console does not know, as recorded. */
const exportListName = (t: TFunction, name: string) => (EXPORT_LIST_TEXTS[name] ? t(EXPORT_LIST_TEXTS[name]) : name);

/** Filters by the labels the console's lists give them; another shows by the name recorded. */
const FILTER_LABELS: Readonly<Record<string, string>> = {
  q: 'console.common.search',
  status: 'console.common.status',
  user_id: 'console.common.member',
  currency: 'console.common.currency',
  from: 'console.audit.filters.from',
  to: 'console.audit.filters.to',
  sort: 'console.audit.filters.sort',
};

/** Where a list's statuses have their own texts, by their keys' start (else the console's shared `console.status.<status>`). */
const STATUS_TEXTS: Readonly<Record<string, string>> = {
  adjustments: 'console.money.status.',
  payments: 'console.payments.status.',
  refunds: 'console.payments.status.',
  goods: 'console.catalogue.goods.status.',
};

/** The columns a list is sorted by (`sort`, with `order`), by the labels the console's tables give them; another as recorded. */
const SORT_COLUMNS: Readonly<Record<string, string>> = {
  id: 'console.common.id',
  status: 'console.common.status',
  amount: 'console.common.amount',
  currency: 'console.common.currency',
  created_at: 'console.common.created',
  updated_at: 'console.catalogue.goods.updated',
  value: 'console.money.gift.value',
  expires_at: 'console.money.gift.expires',
};

/** A coded filter's value in the console's language (a status, the sort); what the operator typed (a search, a day, a number) as typed. */
function filterText(t: TFunction, list: string, key: string, value: unknown, order: unknown): string {
  if (key === 'status' && typeof value === 'string') return t(`${STATUS_TEXTS[list] ?? 'console.status.'}${value}`, { defaultValue: value });
  if (key === 'sort' && typeof value === 'string') {
    const column = list === 'goods' ? t(`console.audit.goodsSorts.${value}`, { defaultValue: value }) : SORT_COLUMNS[value] ? t(SORT_COLUMNS[value]) : value;
    return order === 'asc' || order === 'desc' ? `${column}, ${t(`console.audit.filters.${order}`)}` : column;
  }
  return filterValue(value);
}

/**
 * An entry's reason as the log shows it: a list export records its filters as data, shown as
 * "Filters: Status = Posted; From = 2026-11-01" (or "No filters") in the console's language, each filter
 * by the label the console's lists give it and a coded value (a status, the sort and its order) by its
 * text, what the operator typed as typed; any other reason as it was written.
 */
export function describeReason(t: TFunction, action: string, reason: string | null): string {
  if (reason === null) return '';
  if (!action.startsWith('export.')) return reason;
  let filters: unknown;
  try {
    filters = JSON.parse(reason);
  } catch {
    return reason;
  }
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) return reason;
  const list = action.slice('export.'.length);
  const given = filters as Record<string, unknown>;
  const shown = Object.entries(given)
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
    // The sort's order is worded with its column.
    .filter(([k]) => !(k === 'order' && typeof given.sort === 'string'))
    .map(([k, v]) => `${FILTER_LABELS[k] ? t(FILTER_LABELS[k]) : k} = ${filterText(t, list, k, v, given.order)}`);
  return shown.length ? t('console.audit.exportFilters', { filters: shown.join('; ') }) : t('console.audit.noFilters');
}
