import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { LANGUAGES } from '../common/languages.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { OPERATOR_ROLES } from './permissions.js';
import { approvalRequestSchema } from './approvals.js';
import { internationalFreightBody, operatingFeeBody, pointsSettings, shippingFeeBody } from '../orders/orders.admin.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';

// The console's settings (captcha, order times, freight and fees, currencies, language texts) and
// its operators (owner only). Every change carries the operator's reason into the audit log and an
// Idempotency-Key, so a double-click is one change.

const id = wholeNumber(1, 2_147_483_647);
const reason = z.string().trim().min(1, 'validation.required').max(300);
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid');
const minor = z.number().int();
const stamp = { updated_by: z.string().nullable(), updated_at: z.string().nullable() };
export const CAPTCHA_MODES = ['off', 'auto', 'always'] as const;

export const settingsData = z.object({
  captcha_mode: z.enum(CAPTCHA_MODES),
  /** The app may continue without the slider when it cannot load. */
  captcha_bypass: z.boolean(),
  /** Who changed the captcha card (mode and bypass) last, and when: the version its save names. */
  captcha_updated_by: z.string().nullable(),
  captcha_updated_at: z.string().nullable(),
  orders: z.object({ expiry_minutes: z.number().int(), auto_confirm_days: z.number().int(), settle_after_days: z.number().int(), ...stamp }),
  shipping_fees: z.array(z.object({ country_code: z.string(), currency: z.string(), fee: minor, free_over: minor.nullable(), ...stamp })),
  /** Currencies of the goods on sale: an order is in its goods' currency, and freight is found per country and currency (no row: free). */
  sale_currencies: z.array(z.string()),
  /** What points are worth at checkout (per one unit of the shop's currency), the share they may pay and what completed orders earn. */
  points: pointsSettings.extend(stamp).extend({
    /** A change that makes points worth more, waiting for a second operator (null when none). */
    pending: approvalRequestSchema.nullable(),
  }),
  operating_fees: z.array(z.object({ country_code: z.string(), rate_bp: z.number().int(), ...stamp })),
  international_freight: z.array(z.object({ country_code: z.string(), method: z.string(), weight_from_g: z.number().int(), weight_to_g: z.number().int(), currency: z.string(), fee: minor, ...stamp })),
  currencies: z.array(z.object({ currency: z.string(), enabled: z.boolean(), is_settlement: z.boolean() })),
});

/** The captcha card saved whole: `base_updated_at` is `captcha_updated_at` as the page read it (from a copy changed since: refused, 4020). */
export const captchaSettingsBody = z.object({ mode: z.enum(CAPTCHA_MODES), bypass: z.boolean(), base_updated_at: baseUpdatedAt, reason });
/** The order times as the settings page saves them whole: `base_updated_at` is `orders.updated_at` as the page read it (from a copy changed since: refused, 4020). */
export const orderTimesBody = z.object({
  base_updated_at: baseUpdatedAt,
  expiry_minutes: z.number().min(1).max(10080).int(),
  auto_confirm_days: z.number().min(1).max(90).int(),
  /** Days after completion before an order settles (its commissions, PV and shop earnings are earned then); never before its after-sales window closes. Unchanged when left out. */
  settle_after_days: z.number().min(0).max(365).int().optional(),
  reason,
});
export const currencySettingBody = z.object({ currency, enabled: z.boolean(), reason });
/** Removes the freight of one country and currency (orders there in that currency then ship free); `base_updated_at` is the row's as read (changed since: refused, 4020). */
export const deleteShippingFeeBody = z.object({ country_code: shippingFeeBody.shape.country_code, currency: shippingFeeBody.shape.currency, base_updated_at: baseUpdatedAt, reason });
/** The points settings saved whole: `base_updated_at` is `points.updated_at` as the page read it (from a copy changed since: refused, 4020). */
export const pointsSettingsChangeBody = pointsSettings.extend({ base_updated_at: baseUpdatedAt, reason });

export const languageTextsQuery = pageQuery.extend({ lang: z.enum(LANGUAGES), q: z.string().trim().max(100).default(''), changed: z.enum(['0', '1']).optional(), ...sortQuery(['key', 'text', 'changed']) });
export const languageTextSchema = z.object({
  key: z.string(),
  text: z.string(),
  /** The text shipped with this release. */
  shipped: z.string(),
  /** An operator's text replaces the shipped one. */
  changed: z.boolean(),
  ...stamp,
});
export const languageTextsData = pageOf(languageTextSchema).extend({ lang: z.enum(LANGUAGES), version: z.string() });
export const languageTextBody = z.object({
  lang: z.enum(LANGUAGES),
  key: z.string().trim().min(1).max(200),
  /** The new text (never blank: an empty text leaves members a key or nothing); null goes back to the shipped one. Kept as typed, spaces included. */
  text: z.string().max(5000).refine((text) => text.trim() !== '', 'admin.validation.textEmpty').nullable(),
  reason,
});
export const languageTextData = z.object({ lang: z.enum(LANGUAGES), key: z.string(), text: z.string(), version: z.string() });

export const operatorListSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(['active', 'disabled']),
  totp_bound: z.boolean(),
  /** The password is not set yet (the setup link was not used). */
  pending_setup: z.boolean(),
  sign_in_count: z.number().int(),
  last_sign_in_at: z.string().nullable(),
  /** The member account the same person holds: they decide nothing about it. */
  member_id: z.number().int().nullable(),
  created_by: z.string(),
  created_at: z.string(),
});
export const createOperatorBody = z.object({ user_name: z.string().trim().regex(/^[A-Za-z0-9_.-]{2,64}$/, 'validation.invalid'), role: z.enum(OPERATOR_ROLES), reason });
/**
 * A role that approves money (MONEY_APPROVER_ROLES) waits for another owner: then `request` is the
 * waiting request and the rest is null (the link goes to the approving owner only). Else the operator and its setup link.
 */
export const createOperatorData = z.object({ id: z.number().int().nullable(), setup_path: z.string().nullable(), expires_at: z.string().nullable(), request: approvalRequestSchema.nullable() });
export const operatorStatusBody = z.object({ id, active: z.boolean(), reason });
export const operatorRoleBody = z.object({ id, role: z.enum(OPERATOR_ROLES), reason });
export const operatorResetBody = z.object({ id, reason });
export const operatorChangedData = z.object({ operator: operatorListSchema, sessions_ended: z.number().int() });
/** A role change: done (`request` null), or, to a role that approves money or an owner's demotion, waiting for another owner (`request`; the operator unchanged). */
export const operatorRoleData = operatorChangedData.extend({ request: approvalRequestSchema.nullable() });
/** Enabled or disabled at once (`request` null), or, an owner disabled, waiting for another owner (`request`; the operator unchanged). */
export const operatorStatusData = operatorChangedData.extend({ request: approvalRequestSchema.nullable() });
export const memberTwoFactorResetData = z.object({ id: z.number().int(), removed: z.boolean() });
/**
 * A new one-time sign-in link: issued at once (`setup_path`, shown once, and `request` null), or, for
 * an operator whose role approves money, asked of another owner (`request`; the link goes to the approving owner, the rest is unchanged and null).
 */
export const operatorSignInLinkData = operatorChangedData.extend({ setup_path: z.string().nullable(), expires_at: z.string().nullable(), request: approvalRequestSchema.nullable() });

/** Every setting the settings page shows, with who changed it last. */
export const adminSettings = endpoint({ method: 'GET', path: '/admin/api/settings', auth: 'operator', permission: 'settings.write', area: 'admin', data: settingsData });
/** The slider captcha's mode and whether the app may continue without it. */
export const adminSetCaptcha = endpoint({ method: 'POST', path: '/admin/api/settings/captcha', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: captchaSettingsBody, data: settingsData });
/** How long an order may stay unpaid, and when unconfirmed orders complete. */
export const adminSetOrderTimes = endpoint({ method: 'POST', path: '/admin/api/settings/orders', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: orderTimesBody, data: settingsData });
/** Freight of regular orders to a country in a currency, free from a subtotal when set. */
export const adminSaveShippingFee = endpoint({ method: 'POST', path: '/admin/api/settings/shipping-fee', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: shippingFeeBody.extend({ reason }), data: settingsData });
// Console extension (not in spec/endpoints.tsv): a wrong freight row could only be overwritten, never removed.
/** Removes the freight of regular orders to a country in a currency. */
export const adminDeleteShippingFee = endpoint({ method: 'POST', path: '/admin/api/settings/shipping-fee/delete', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: deleteShippingFeeBody, data: settingsData });
// Console extension: the points settings of /admin/api/orders/points-settings, changed with a reason like the other settings.
/** What points are worth at checkout, the share of the goods they may pay and what completed orders earn. */
export const adminSavePointsSettings = endpoint({
  method: 'POST',
  path: '/admin/api/settings/points',
  auth: 'operator',
  permission: 'settings.write',
  area: 'admin',
  idempotent: true,
  body: pointsSettingsChangeBody,
  // With the request of what makes points worth more, which a second operator approves (null when none).
  data: settingsData.extend({ request: approvalRequestSchema.nullable() }),
});
/** The global operating fee of a destination country. */
export const adminSaveOperatingFee = endpoint({ method: 'POST', path: '/admin/api/settings/operating-fee', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: operatingFeeBody.extend({ reason }), data: settingsData });
/** One weight band of the international freight table. */
export const adminSaveInternationalFreight = endpoint({ method: 'POST', path: '/admin/api/settings/international-freight', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: internationalFreightBody.extend({ reason }), data: settingsData });
/** Enables or disables a currency in members' wallets (never the settlement currency). */
export const adminSetCurrency = endpoint({ method: 'POST', path: '/admin/api/settings/currency', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: currencySettingBody, data: settingsData });
/** The texts of a language pack with the shipped text beside each, and the pack's version. */
export const adminLanguageTexts = endpoint({ method: 'GET', path: '/admin/api/settings/language-texts', auth: 'operator', permission: 'settings.write', area: 'admin', query: languageTextsQuery, data: languageTextsData });
/** Replaces one text of a language pack (or restores the shipped one); the pack's version changes, so apps load it again. */
/** A language's texts as a CSV file (same search and sort, every text). */
export const adminExportLanguageTexts = exportOf(adminLanguageTexts);
export const adminSetLanguageText = endpoint({ method: 'POST', path: '/admin/api/settings/language-text', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: languageTextBody, data: languageTextData });

/** Every operator, newest first. */
export const adminListOperators = endpoint({ method: 'GET', path: '/admin/api/operators', auth: 'operator', permission: 'operators.manage', area: 'admin', data: z.object({ list: z.array(operatorListSchema) }) });
/** Creates an operator and answers the one-time setup link's path (the password is set there); a role that approves money is asked of another owner instead. */
export const adminCreateOperator = endpoint({ method: 'POST', path: '/admin/api/operators/create', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: createOperatorBody, data: createOperatorData });
/** Disables (every session ends) or enables an operator; disabling an owner is asked of another owner instead. */
export const adminSetOperatorStatus = endpoint({ method: 'POST', path: '/admin/api/operators/status', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: operatorStatusBody, data: operatorStatusData });
/** Gives an operator another role (their sessions end, so it applies at once); a role that approves money, or an owner's demotion, is asked of another owner instead. */
export const adminSetOperatorRole = endpoint({ method: 'POST', path: '/admin/api/operators/role', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: operatorRoleBody, data: operatorRoleData });
/** Removes another operator's authenticator: sessions end, the next sign-in sets up a new one. */
export const adminResetOperatorTotp = endpoint({ method: 'POST', path: '/admin/api/operators/reset-2fa', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: operatorResetBody, data: operatorChangedData });
/** Gives another operator a new one-time sign-in link (their password, older links and sessions end; the authenticator stays); for an owner or finance operator another owner approves it. */
export const adminOperatorSignInLink = endpoint({ method: 'POST', path: '/admin/api/operators/sign-in-link', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: operatorResetBody, data: operatorSignInLinkData });
/** Removes a member's authenticator (owner only); the member signs in with the password and may bind a new one. */
export const adminResetMemberTotp = endpoint({ method: 'POST', path: '/admin/api/members/reset-2fa', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: operatorResetBody, data: memberTwoFactorResetData });

export const settingsEndpoints = [
  adminSettings, adminSetCaptcha, adminSetOrderTimes, adminSaveShippingFee, adminDeleteShippingFee, adminSavePointsSettings, adminSaveOperatingFee, adminSaveInternationalFreight, adminSetCurrency, adminLanguageTexts, adminExportLanguageTexts, adminSetLanguageText,
  adminListOperators, adminCreateOperator, adminSetOperatorStatus, adminSetOperatorRole, adminResetOperatorTotp, adminOperatorSignInLink, adminResetMemberTotp,
] as const;
