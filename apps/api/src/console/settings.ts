import { LANGUAGES, ResponseCode, placeholderChanges, type EndpointBody, type EndpointData, type EndpointQuery, type Language, type adminLanguageTexts, type adminDeleteShippingFee, type adminSaveInternationalFreight, type adminSaveOperatingFee, type adminSaveShippingFee, type adminSetCaptcha, type adminSavePointsSettings, type adminSettings } from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import type { Database, Executor } from '../db/database.js';
import { operatorNameOf, type Actor } from '../lib/actor.js';
import { AppError, ValidationError, notFound } from '../lib/errors.js';
import { withTransaction } from '../lib/transaction.js';
import { setCaptchaCard } from '../modules/accounts/operator.service.js';
import { captchaBypassAllowed, captchaMode, captchaStamp } from '../modules/captcha/captcha.service.js';
import { findLanguagePack, lockOperatorTextsForUpdate, setOperatorTexts } from '../modules/lang/lang.queries.js';
import { DEFAULT_CLIENT, OPERATOR_TEXTS, operatorTexts, shippedPacks, storeLanguagePack, usableTexts } from '../modules/lang/lang.service.js';
import type { AuditFacts, OperatorAction } from '@shop/contract';
import { insertOperatorAction } from '../modules/operator-actions/operator-actions.queries.js';
import type { ListExport } from '../lib/list-export.js';
import { orderTimesFacts, removeShippingFee, shippingFeeFacts, setOperatingFee, setOrderSettings, setShippingFee, type OrderTimes } from '../modules/orders/fulfilment.service.js';
import { pendingPointsRequest, setPointsSettings } from '../modules/orders/points.service.js';
import { freightBandFacts, setInternationalFreight } from '../modules/orders/international.service.js';
import { findOrderSettings } from '../modules/orders/orders.queries.js';
import { findInternationalFreight, findOperatingFees, findSaleCurrencies, findShippingFees } from '../modules/orders/settings.queries.js';
import { offerBalanceMethod } from '../modules/payments/payments.service.js';
import { setWalletCurrency } from '../modules/wallet/currencies.service.js';
import { findWalletCurrencies } from '../modules/wallet/wallet.queries.js';
import { iso } from '../lib/dates.js';

// The console's settings page: one reading of every setting, and each change made through the
// area that owns it, with the operator's reason in the audit log in the same transaction.


/** Every setting the settings page shows, with who changed it last. */
export async function settingsSnapshot(db: Executor, actor: Actor): Promise<EndpointData<typeof adminSettings>> {
  operatorNameOf(actor);
  const [mode, bypass, captcha, orders, shipping, operating, freight, currencies, saleCurrencies, pointsPending] = await Promise.all([
    captchaMode(db),
    captchaBypassAllowed(db),
    captchaStamp(db),
    findOrderSettings(db),
    findShippingFees(db),
    findOperatingFees(db),
    findInternationalFreight(db),
    findWalletCurrencies(db),
    findSaleCurrencies(db),
    pendingPointsRequest(db),
  ]);
  return {
    captcha_mode: mode,
    captcha_bypass: bypass,
    captcha_updated_by: captcha.updated_by,
    captcha_updated_at: iso(captcha.updated_at),
    orders: { expiry_minutes: orders.expiry_minutes, auto_confirm_days: orders.auto_confirm_days, settle_after_days: orders.settle_after_days, updated_by: orders.updated_by ?? null, updated_at: iso(orders.updated_at) },
    shipping_fees: shipping.map((s) => ({ country_code: s.country_code, currency: s.currency, fee: Number(s.fee_minor), free_over: s.free_over_minor === null ? null : Number(s.free_over_minor), updated_by: s.updated_by, updated_at: iso(s.updated_at) })),
    sale_currencies: saleCurrencies,
    points: {
      points_per_unit: orders.points_per_unit,
      shopping_points_per_unit: orders.shopping_points_per_unit,
      points_max_share_bp: orders.points_max_share_bp,
      earn_rate_bp: orders.earn_rate_bp,
      // The points card's own stamp: a change of the order times is not a change of the points.
      updated_by: orders.points_updated_by ?? null,
      updated_at: iso(orders.points_updated_at),
      pending: pointsPending,
    },
    operating_fees: operating.map((o) => ({ country_code: o.country_code, rate_bp: o.rate_bp, updated_by: o.updated_by, updated_at: iso(o.updated_at) })),
    international_freight: freight.map((f) => ({ country_code: f.country_code, method: f.method, weight_from_g: f.weight_from_g, weight_to_g: f.weight_to_g, currency: f.currency, fee: Number(f.fee_minor), updated_by: f.updated_by, updated_at: iso(f.updated_at) })),
    currencies: currencies.map((c) => ({ currency: c.currency, enabled: c.enabled, is_settlement: c.is_settlement })),
  };
}

/** Makes one change through its area's service and records it with the reason; answers every setting as they are now. */
async function change(db: Database, actor: Actor, action: OperatorAction, facts: AuditFacts, reason: string, work: (tx: Database) => Promise<unknown>) {
  const operator = operatorNameOf(actor);
  await withTransaction(db, async (tx) => {
    await work(tx);
    await insertOperatorAction(tx, { operator, action, target_type: 'setting', target_id: 0, reason, facts });
  });
  return settingsSnapshot(db, actor);
}

/** The slider captcha's mode and whether the app may continue without it (each recorded with the reason); refused when the page's copy was changed since. */
export async function setCaptcha(db: Database, actor: Actor, input: EndpointBody<typeof adminSetCaptcha>) {
  await setCaptchaCard(db, actor, input);
  return settingsSnapshot(db, actor);
}

/**
 * How a freight or fee save is checked: the console's forms name the version of the row they read
 * (refused when it changed since); the command line's changes are typed whole, never saved from a
 * copy read earlier, so they name none and are not checked.
 */
export type RowSave = { unversioned?: true };
const loadedOf = (base: string | undefined, how: RowSave) => (how.unversioned ? undefined : { base_updated_at: base });

/** How long an order may stay unpaid, when unconfirmed orders complete and when completed ones settle; refused when the page's copy was changed since. */
export const setOrderTimes = (db: Database, actor: Actor, { reason, base_updated_at, ...times }: OrderTimes & { reason: string; base_updated_at?: string }) =>
  change(db, actor, 'setting.orders', orderTimesFacts(times), reason, (tx) => setOrderSettings(tx, actor, times, { base_updated_at }));

/** Freight of regular orders to a country; refused when the row the form read was changed since. */
export const saveShippingFee = (db: Database, actor: Actor, { reason, base_updated_at, ...input }: EndpointBody<typeof adminSaveShippingFee>, how: RowSave = {}) =>
  change(db, actor, 'setting.shipping_fee', shippingFeeFacts(input), reason, (tx) => setShippingFee(tx, actor, input, loadedOf(base_updated_at, how)));

/** Removes the freight of a country in a currency (orders there in that currency then ship free); refused when the row was changed since the form read it. */
export const deleteShippingFee = (db: Database, actor: Actor, { reason, base_updated_at, ...input }: EndpointBody<typeof adminDeleteShippingFee>) =>
  change(db, actor, 'setting.shipping_fee', { key: 'shipping_fee', country: input.country_code, currency: input.currency, fee: null, free_over: null, removed: true }, reason, (tx) => removeShippingFee(tx, actor, input, { base_updated_at }));

/** What points are worth, the share they may pay and what completed orders earn, through the orders area's points service (it records the change with the reason). */
export async function savePointsSettings(db: Database, actor: Actor, { reason, base_updated_at, ...values }: EndpointBody<typeof adminSavePointsSettings>) {
  const { request } = await setPointsSettings(db, actor, values, reason, { base_updated_at });
  return { ...(await settingsSnapshot(db, actor)), request };
}

/** The operating fee of a destination country; refused when the row the form read was changed since. */
export const saveOperatingFee = (db: Database, actor: Actor, { reason, base_updated_at, ...input }: EndpointBody<typeof adminSaveOperatingFee>, how: RowSave = {}) =>
  change(db, actor, 'setting.operating_fee', { key: 'operating_fee', country: input.country_code, rate_bp: input.rate_bp }, reason, (tx) => setOperatingFee(tx, actor, input, loadedOf(base_updated_at, how)));

/** One band of the international freight table; refused when the band the form read was changed since. */
export const saveInternationalFreight = (db: Database, actor: Actor, { reason, base_updated_at, ...input }: EndpointBody<typeof adminSaveInternationalFreight>, how: RowSave = {}) =>
  change(db, actor, 'setting.international_freight', freightBandFacts(input), reason, (tx) =>
    setInternationalFreight(tx, actor, input, loadedOf(base_updated_at, how)),
  );

/**
 * Offers a currency in wallets or stops offering it (the wallet area records it with the reason).
 * Switched on, members can also pay with that balance: the payments area adds its balance method in
 * the currency where there is none (recorded too); one an operator switched off stays off, and says so.
 */
export async function switchWalletCurrency(db: Database, actor: Actor, input: { currency: string; enabled: boolean; reason?: string }) {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const r = await setWalletCurrency(tx, actor, input);
    if (!r.enabled) return { ...r, balanceMethod: undefined };
    const balanceMethod = await offerBalanceMethod(tx, r.currency, operator);
    if (balanceMethod.added) await insertOperatorAction(tx, { operator, action: 'setting.pay_method', target_type: 'setting', target_id: balanceMethod.id, reason: input.reason ?? null, facts: { key: 'pay_method_added', code: 'balance', currency: r.currency } });
    return { ...r, balanceMethod };
  });
}

/** Enables or disables a currency in wallets (`switchWalletCurrency`). */
export async function setCurrency(db: Database, actor: Actor, input: { currency: string; enabled: boolean; reason: string }) {
  await switchWalletCurrency(db, actor, input);
  return settingsSnapshot(db, actor);
}

/** A language's texts with the shipped text beside each, filtered by key or text, and the pack's version. */
export async function languageTexts(db: Executor, actor: Actor, input: EndpointQuery<typeof adminLanguageTexts>): Promise<EndpointData<typeof adminLanguageTexts>> {
  operatorNameOf(actor);
  const [changed, stored] = await Promise.all([operatorTexts(db, input.lang), findLanguagePack(db, input.lang, DEFAULT_CLIENT)]);
  const shipped = shippedPacks()[input.lang];
  const needle = input.q.toLowerCase();
  const rows = Object.keys(shipped)
    .sort()
    .map((key) => ({ key, text: changed[key] ?? shipped[key]!, shipped: shipped[key]!, changed: key in changed, updated_by: null, updated_at: null }))
    .filter((r) => (!needle || r.key.toLowerCase().includes(needle) || r.text.toLowerCase().includes(needle)) && (input.changed === undefined || r.changed === (input.changed === '1')));
  // The pack is read whole: sorted here, by key without a choice (then by key again to break ties).
  if (input.sort) {
    const by = input.sort;
    const sign = input.order === 'desc' ? -1 : 1;
    rows.sort((a, b) => sign * (by === 'changed' ? Number(a.changed) - Number(b.changed) : a[by].localeCompare(b[by])) || a.key.localeCompare(b.key));
  }
  const start = (input.page - 1) * input.limit;
  return { lang: input.lang, version: stored?.version ?? '', list: rows.slice(start, start + input.limit), total: rows.length, page: input.page, limit: input.limit, has_more: start + input.limit < rows.length };
}

/**
 * A text members would read wrongly is refused on its field: a blank one (the app showed a key, or
 * nothing, in its place), or one whose placeholders are not exactly the shipped text's (a renamed
 * `{{minute}}` is shown as typed, a dropped `{{minutes}}` loses the number).
 */
function assertUsableText(shipped: string, text: string): void {
  if (!text.trim()) throw new ValidationError([{ field: 'text', key: 'admin.validation.textEmpty', params: { field: 'text' } }]);
  const { missing, unknown } = placeholderChanges(shipped, text);
  if (!missing.length && !unknown.length) return;
  const key = missing.length && unknown.length ? 'admin.validation.placeholdersChanged' : missing.length ? 'admin.validation.placeholdersMissing' : 'admin.validation.placeholdersUnknown';
  throw new ValidationError([{ field: 'text', key, params: { field: 'text', missing: missing.join(' '), unknown: unknown.join(' ') } }]);
}

/**
 * Replaces one text of a language (null: the shipped one again). The pack gets its new version in
 * the same transaction, so apps holding the old version load the pack again; this process serves it at
 * once, and every other process once the table's notice reaches it (`LanguagePacks.follow`).
 */
export async function setLanguageText(deps: Pick<AppDeps, 'db' | 'i18n' | 'languagePacks'>, actor: Actor, input: { lang: Language; key: string; text: string | null; reason: string }) {
  const operator = operatorNameOf(actor);
  if (!(LANGUAGES as readonly string[]).includes(input.lang)) throw new AppError(ResponseCode.validation);
  const shipped = shippedPacks()[input.lang];
  if (!(input.key in shipped)) throw notFound('text');
  if (input.text !== null) assertUsableText(shipped[input.key]!, input.text);
  const answer = await withTransaction(deps.db, async (tx) => {
    const row = await lockOperatorTextsForUpdate(tx, input.lang, OPERATOR_TEXTS);
    // Blank texts an earlier release took are never served (`usableTexts`): dropped with this change.
    const changed = usableTexts(row.pack);
    if (input.text === null || input.text === shipped[input.key]) delete changed[input.key];
    else changed[input.key] = input.text;
    await setOperatorTexts(tx, input.lang, OPERATOR_TEXTS, changed);
    const version = await storeLanguagePack(tx, input.lang, changed);
    await insertOperatorAction(tx, { operator, action: `language.text ${input.lang} ${input.key}`, target_type: 'language_text', target_id: 0, reason: input.reason });
    // Here before the table's notice comes back: the answer's version is what this process serves next.
    tx.afterCommit(() => deps.languagePacks.load(deps.db, deps.i18n));
    return { lang: input.lang, key: input.key, text: changed[input.key] ?? shipped[input.key]!, version };
  });
  return answer;
}

export const languageTextsExport: ListExport<EndpointQuery<typeof adminLanguageTexts>, EndpointData<typeof adminLanguageTexts>['list'][number]> = {
  name: 'language-texts',
  page: languageTexts,
  columns: [['key', (r) => r.key], ['text', (r) => r.text], ['shipped', (r) => r.shipped], ['changed', (r) => r.changed]],
};
