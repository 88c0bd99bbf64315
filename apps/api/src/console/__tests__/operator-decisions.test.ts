import * as contract from '@shop/contract';
import type { AnyEndpoint } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { operatorCliActor } from '../../lib/actor.js';
import { call, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { newGoods } from '../../modules/cart/__tests__/fixtures.js';
import { createOperator } from '../../modules/operators/operators.service.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { fund } from '../../modules/ledger/__tests__/ledger-helpers.js';
import { memberWithOrder, orderFor } from '../../modules/payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD, tronAddressOf, walletMember } from '../../modules/wallet/__tests__/fixtures.js';

// Every decision an operator can make through the API (every POST operator call of the contract,
// read from the contract) is made here once, as the console makes it, and must leave a row in the
// audit log (operator_actions) naming the operator. A call added to the contract without a step
// here fails the sweep until it has one, or is listed below as not being a decision.

const isEndpoint = (v: unknown): v is AnyEndpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v;
const decisions = [...new Set((Object.values(contract) as unknown[]).filter(isEndpoint))].filter((e) => e.auth === 'operator' && e.method === 'POST').map((e) => e.path);

/** POST calls that decide nothing about the shop, or whose decision needs a gateway's flagged payment. */
const NOT_SWEPT: Record<string, string> = {
  '/admin/api/auth/sign-out': 'ends the operator’s own session',
  '/admin/api/auth/totp/confirm': 'binds the operator’s own authenticator (operators/__tests__)',
  '/admin/api/uploads/image': 'keeps a picture; the save that uses it is the decision (swept)',
  '/admin/api/payments/flags/decide': 'needs a payment a gateway flagged; recorded with its reason in payments/__tests__/payments-console.test.ts',
  '/admin/api/chat/reply': 'an answer in a support conversation, stored there with its agent (support-chat/__tests__)',
  '/admin/api/catalogue/reviews/visibility': 'audit row proven in catalogue/__tests__/reviews-admin.routes.test.ts; needs a member’s review of a received order',
  '/admin/api/catalogue/reviews/reply': 'audit row proven in catalogue/__tests__/reviews-admin.routes.test.ts; needs a member’s review of a received order',
  '/admin/api/content/news/comments/visibility': 'audit row proven in content/__tests__/news-comments.routes.test.ts; needs a member’s comment',
  // The referral team's and member shops' decisions write their audit row (insertOperatorAction, or an
  // approval request) in their own modules; their rows are proven there, not yet by this sweep.
  '/admin/api/referral/move': 'audit row proven in referral/__tests__/team-and-console.test.ts',
  '/admin/api/referral/applications/decide': 'audit row proven in referral/__tests__/team-and-console.test.ts',
  '/admin/api/referral/commissions/void': 'audit row written in referral.console.ts; needs a settled commission',
  '/admin/api/referral/commissions/reverse': 'audit row written in referral.console.ts; needs a settled commission',
  '/admin/api/referral/pair-runs/run': 'audit row written in referral.console.ts; a day of PV to pair',
  '/admin/api/referral/plan': 'a request for a second operator (approvals), recorded there',
  '/admin/api/referral/house-code': 'audit row proven in referral/__tests__/house-code.test.ts',
  '/admin/api/shops/status': 'audit row proven in user-shop/__tests__/shops-console.test.ts',
  '/admin/api/shops/settings': 'audit row proven in user-shop/__tests__/shops-console.test.ts',
  '/admin/api/shops/stock': 'a removal writes its audit row, an addition a request for a second operator (shops.console.ts)',
  '/admin/api/shops/orderAuth': 'audit row proven in user-shop/__tests__/shops-console.test.ts (the audits a banned owner left); needs a paid shop order awaiting audit',
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInOperator>>;
let second: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  owner = await signedInOperator(t, 'owner');
  second = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
const reason = 'sweep: every decision is recorded';
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
let keys = 0;
/** A call as the console sends it (with an Idempotency-Key); its data, or the test fails with the answer. */
async function post(path: string, body: unknown, as = owner) {
  const res = await decide(t, path, body, as.token, `sweep-${RUN}-${++keys}`);
  if (res.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const get = async (path: string) => (await call(t, 'GET', path, undefined, { token: owner.token })).body.data;
/** The version of the row with these values as the page lists it (none: a new row), which a save from the page names. */
const versionIn = (rows: Array<Record<string, unknown>>, key: Record<string, unknown>) => rows.find((r) => Object.entries(key).every(([k, v]) => r[k] === v))?.updated_at as string | undefined;
const settingsRow = async (table: 'shipping_fees' | 'operating_fees' | 'international_freight', key: Record<string, unknown>) => versionIn((await get('/admin/api/settings'))[table], key);

/** A member's withdrawal of 50.00 USD waiting for review. */
async function pendingWithdrawal() {
  const m = await walletMember(t, { usd: 20_000 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/coin/withdraw/create',
    remoteAddress: '10.0.0.1',
    headers: { ...m.keyed(), 'content-type': 'application/json' },
    payload: JSON.stringify({ network: 'TRC20', address: tronAddressOf(`${RUN}-${m.userId}-sweep`), amount: '50', currency: 'USD', pay_password: PAY_PASSWORD }),
  });
  const body = res.json() as { code: number; data: { id: number } };
  if (body.code !== 200) throw new Error(`withdraw: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** A bank transfer top-up of 123.45 USD under review. */
async function pendingRecharge() {
  const m = await walletMember(t);
  const row = await t.db
    .insertInto('recharge_orders')
    .values({ order_no: `RS${RUN}${m.userId}`, user_id: m.userId, channel: 'bank_transfer', kind: 'bank_transfer', status: 'under_review', pay_currency: 'USD', pay_amount: 12_345, wallet_currency: 'USD', credit_amount: 12_345, rate: '1', rate_source: 'identity', rate_date: new Date().toISOString().slice(0, 10), slip: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const mainland = { document_type: 'id_card', document_number: '11010519491231002X', surname: '张', given_name: '三', title: 'mr', birthday: '1949-12-31', referral_code: 'DEMO2026' };

/** Each decision: the body it is made with (built from fresh rows), and who makes it when not the first owner. */
const steps: Record<string, () => Promise<{ body: unknown; as?: typeof owner }>> = {
  '/admin/api/wallet/banks': async () => ({ body: { country_code: 'MY', type: 'bank', name: `Sweep Bank ${RUN}`, code: `SW${RUN}`.toUpperCase().slice(0, 20), reason } }),
  '/admin/api/wallet/collection-accounts': async () => ({ body: { currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: '5140 9999 0001', reason } }),
  '/admin/api/wallet/crypto-addresses': async () => ({ body: { network: 'TRC20', addresses: [tronAddressOf(`${RUN}-sweep-pool`)], reason } }),
  '/admin/api/wallet/recharge-channels': async () => ({ body: { code: `sweep_${RUN}`.slice(0, 40), kind: 'bank_transfer', name: 'Sweep transfer', currencies: ['MYR'], min: 1000, max: 500_000, reason } }),
  '/admin/api/wallet/limits': async () => ({
    body: { currency: 'MYR', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min: 100, max: 500_000, daily_count: 10, daily_amount: 1_000_000, base_updated_at: versionIn((await get('/admin/api/wallet/limits')).list, { currency: 'MYR', kind: 'transfer' }), reason },
  }),
  '/admin/api/wallet/withdrawals/approve': async () => ({ body: { id: await pendingWithdrawal(), reason } }),
  '/admin/api/wallet/withdrawals/paid': async () => {
    const id = await pendingWithdrawal();
    await post('/admin/api/wallet/withdrawals/approve', { id, reason }, second);
    return { body: { id, payout_reference: `TRX-${RUN}` } };
  },
  '/admin/api/wallet/withdrawals/reject': async () => ({ body: { id: await pendingWithdrawal(), reason } }),
  '/admin/api/wallet/recharges/confirm': async () => ({ body: { id: await pendingRecharge(), reason } }),
  '/admin/api/wallet/recharges/reject': async () => ({ body: { id: await pendingRecharge(), reason } }),
  '/admin/api/wallet/points/grant': async () => ({ body: { user_id: (await walletMember(t)).userId, kind: 'points', amount: 100, reason } }),
  '/admin/api/wallet/gift-cards/issue': async () => ({ body: { user_id: (await walletMember(t)).userId, currency: 'USD', value: 500, count: 1, expires_at: soon(24 * 30), reason } }),
  '/admin/api/ledger/adjustment-limits': async () => ({ body: { currency: 'JPY', amount: 10_000, reason } }),
  '/admin/api/ledger/adjustments': async () => ({ body: { user_id: (await walletMember(t)).userId, asset: 'cash', currency: 'USD', amount: 500, reason } }),
  '/admin/api/ledger/adjustments/decide': async () => {
    // Asked by the first owner (USD has no limit here: it waits), approved by a second.
    const asked = await post('/admin/api/ledger/adjustments', { user_id: (await walletMember(t)).userId, asset: 'cash', currency: 'USD', amount: 700, reason });
    return { body: { id: asked.id, decision: 'approve', reason }, as: second };
  },
  '/admin/api/payments/inquire': async () => ({ body: { id: await balancePayment() } }),
  // Refunded from the payment itself: a charity pledge's (an order's is refunded by its cancellation or after-sales).
  '/admin/api/payments/refund': async () => ({ body: { id: await balancePayment('charity'), amount: 100, reason } }),
  '/admin/api/rates/set': async () => ({ body: { base: 'USD', quote: 'MYR', rate: '4.4321', reason } }),
  '/admin/api/payments/methods': async () => {
    const [m] = (await get('/admin/api/payments/methods')).list;
    return { body: { id: m.id, fee_bp: m.fee_bp, fee_fixed_minor: m.fee_fixed_minor, enabled: m.enabled, sort: m.sort, base_updated_at: m.updated_at, reason } };
  },
  '/admin/api/members/ban': async () => ({ body: { id: (await registerMember(t)).user.id, banned: true, reason } }),
  '/admin/api/members/end-sessions': async () => ({ body: { id: (await registerMember(t)).user.id, reason } }),
  '/admin/api/members/reset-2fa': async () => ({ body: { id: (await registerMember(t)).user.id, reason } }),
  '/admin/api/reviews/realname/decide': async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/certification/auth', mainland, { token: m.token });
    const row = await t.db.selectFrom('certifications').select('id').where('user_id', '=', m.user.id).executeTakeFirstOrThrow();
    return { body: { id: row.id, decision: 'reject', reason } };
  },
  '/admin/api/reviews/cancellation/decide': async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/cancel_account/apply', { agree: true }, { token: m.token });
    const row = await t.db.selectFrom('account_cancellations').select('id').where('user_id', '=', m.user.id).executeTakeFirstOrThrow();
    return { body: { id: row.id, decision: 'approve' } };
  },
  '/admin/api/operators/create': async () => ({ body: { user_name: `sweep${RUN}`, role: 'support', reason } }),
  // A role that approves money is a request another owner approves (console/__tests__/operator-grants.test.ts); this change is made at once.
  '/admin/api/operators/role': async () => ({ body: { id: (await createOperator(t.db, operatorCliActor('olivia'), { userName: `swr${RUN}`, role: 'support' })).id, role: 'catalogue', reason } }),
  '/admin/api/operators/status': async () => ({ body: { id: (await createOperator(t.db, operatorCliActor('olivia'), { userName: `sws${RUN}`, role: 'support' })).id, active: false, reason } }),
  '/admin/api/operators/reset-2fa': async () => ({ body: { id: (await signedInOperator(t, 'support')).id, reason } }),
  '/admin/api/operators/sign-in-link': async () => ({ body: { id: (await createOperator(t.db, operatorCliActor('olivia'), { userName: `swl${RUN}`, role: 'support' })).id, reason } }),
  '/admin/api/orders/cancel': async () => ({ body: { id: (await orderFor(t, (await walletMember(t)).userId)).id, reason } }),
  '/admin/api/orders/ship': async () => ({ body: { order_id: await paidOrder(), carrier: 'DHL', tracking_number: `SW${RUN}`.toUpperCase() } }),
  '/admin/api/orders/tracking-event': async () => {
    const shipped = await post('/admin/api/orders/ship', { order_id: await paidOrder(), carrier: 'DHL', tracking_number: `SX${RUN}`.toUpperCase() }, second);
    return { body: { package_id: shipped.package_id, text: 'Arrived at the sorting centre' } };
  },
  '/admin/api/orders/settings': async () => ({ body: { expiry_minutes: 45 } }),
  '/admin/api/orders/points-settings': async () => ({ body: { earn_rate_bp: 100 } }),
  '/admin/api/orders/goods-points': async () => ({ body: { goods_id: (await newGoods(t.db)).goodsId, points_per_unit: 5, reason } }),
  '/admin/api/orders/operating-fee': async () => ({ body: { country_code: 'SG', rate_bp: 150, base_updated_at: await settingsRow('operating_fees', { country_code: 'SG' }) } }),
  '/admin/api/orders/shipping-fee': async () => ({ body: { country_code: 'SG', currency: 'USD', fee: 900, base_updated_at: await settingsRow('shipping_fees', { country_code: 'SG', currency: 'USD' }) } }),
  '/admin/api/orders/international-freight': async () => ({
    body: { country_code: 'SG', method: 'standard', weight_from_g: 0, weight_to_g: 500, currency: 'USD', fee: 1200, base_updated_at: await settingsRow('international_freight', { country_code: 'SG', method: 'standard', currency: 'USD', weight_from_g: 0 }) },
  }),
  '/admin/api/settings/operating-fee': async () => ({ body: { country_code: 'TH', rate_bp: 200, base_updated_at: await settingsRow('operating_fees', { country_code: 'TH' }), reason } }),
  '/admin/api/settings/shipping-fee': async () => ({ body: { country_code: 'TH', currency: 'USD', fee: 800, base_updated_at: await settingsRow('shipping_fees', { country_code: 'TH', currency: 'USD' }), reason } }),
  '/admin/api/settings/shipping-fee/delete': async () => {
    await post('/admin/api/settings/shipping-fee', { country_code: 'TH', currency: 'THB', fee: 5000, base_updated_at: await settingsRow('shipping_fees', { country_code: 'TH', currency: 'THB' }), reason }, second);
    return { body: { country_code: 'TH', currency: 'THB', base_updated_at: await settingsRow('shipping_fees', { country_code: 'TH', currency: 'THB' }), reason } };
  },
  '/admin/api/settings/points': async () => ({ body: { points_per_unit: 100, shopping_points_per_unit: 100, points_max_share_bp: 10000, earn_rate_bp: 100, base_updated_at: (await get('/admin/api/settings')).points.updated_at, reason } }),
  '/admin/api/settings/international-freight': async () => ({
    body: { country_code: 'TH', method: 'express', weight_from_g: 0, weight_to_g: 1000, currency: 'USD', fee: 2500, base_updated_at: await settingsRow('international_freight', { country_code: 'TH', method: 'express', currency: 'USD', weight_from_g: 0 }), reason },
  }),
  '/admin/api/settings/captcha': async () => ({ body: { mode: 'auto', bypass: false, base_updated_at: (await get('/admin/api/settings')).captcha_updated_at, reason } }),
  '/admin/api/settings/currency': async () => ({ body: { currency: 'JPY', enabled: true, reason } }),
  '/admin/api/settings/orders': async () => ({ body: { expiry_minutes: 30, auto_confirm_days: 10, base_updated_at: (await get('/admin/api/settings')).orders.updated_at, reason } }),
  '/admin/api/settings/language-text': async () => {
    const [text] = (await get('/admin/api/settings/language-texts?lang=en-us&limit=1')).list;
    return { body: { lang: 'en-us', key: text.key, text: `${text.text} (sweep)`, reason } };
  },
  '/admin/api/geo/shipping-countries': async () => ({ body: { countries: ['MY', 'SG', 'TH'], base_updated_at: (await get('/admin/api/geo/shipping-countries')).updated_at, reason } }),
  '/admin/api/charity/causes': async () => ({ body: { title: { 'en-us': `Sweep cause ${RUN}` }, currency: 'USD' } }),
  '/admin/api/charity/causes/update': async () => {
    const cause = await post('/admin/api/charity/causes', { title: { 'en-us': `Sweep cause 2 ${RUN}` }, currency: 'USD' }, second);
    const opened = (await get('/admin/api/charity/causes/list')).list.find((c: { id: number }) => c.id === cause.id);
    return { body: { id: cause.id, base_updated_at: opened.updated_at, title: { 'en-us': `Sweep cause 2 ${RUN}` }, status: 'closed', reason } };
  },
  '/admin/api/orders/coupons': async () => ({ body: coupon('SWA') }),
  '/admin/api/orders/coupons/end': async () => ({ body: { id: await approvedCoupon('SWB'), reason } }),
  '/admin/api/catalogue/coupons/update': async () => {
    const id = await approvedCoupon('SWC');
    return { body: { id, amount: 300, min_spend: 0, starts_at: soon(-1), ends_at: soon(48), per_member_limit: 1, total_limit: null, reason } };
  },
  '/admin/api/orders/group-buys': async () => ({ body: await groupBuy() }),
  '/admin/api/orders/group-buys/end': async () => ({ body: { id: (await post('/admin/api/orders/group-buys', await groupBuy(), second)).id, reason } }),
  '/admin/api/catalogue/group-buys/update': async () => {
    const body = await groupBuy();
    const id = (await post('/admin/api/orders/group-buys', body, second)).id;
    const opened = (await get(`/admin/api/catalogue/group-buys?q=${id}`)).list.find((g: { id: number }) => g.id === id);
    return { body: { id, base_updated_at: opened.updated_at, price: 1200, group_size: 3, fill_hours: 12, starts_at: body.starts_at, ends_at: soon(72), per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, reason } };
  },
  '/admin/api/catalogue/categories/save': async () => ({ body: { name: { 'en-us': `Sweep ${RUN}` } } }),
  '/admin/api/catalogue/categories/reorder': async () => {
    const parent = await post('/admin/api/catalogue/categories/save', { name: { 'en-us': `Sweep parent ${RUN}` } }, second);
    const a = await post('/admin/api/catalogue/categories/save', { parent_id: parent.id, name: { 'en-us': 'A' } }, second);
    const b = await post('/admin/api/catalogue/categories/save', { parent_id: parent.id, name: { 'en-us': 'B' } }, second);
    return { body: { parent_id: parent.id, ids: [b.id, a.id] } };
  },
  '/admin/api/catalogue/goods/save': async () => ({ body: await goodsBody() }),
  '/admin/api/catalogue/goods/status': async () => ({ body: { ids: [(await newGoods(t.db)).goodsId], status: 'off_sale', reason } }),
  '/admin/api/catalogue/stock/adjust': async () => ({ body: { sku_id: (await newGoods(t.db)).skuIds[0], delta: 3, reason } }),
  '/admin/api/content/banners/save': async () => ({ body: { title: { 'en-us': 'Sweep banner' }, image: '/media/demo/goods-1-1.png', reason } }),
  '/admin/api/content/banners/delete': async () => ({ body: { id: (await post('/admin/api/content/banners/save', { title: { 'en-us': 'Gone' }, image: '/media/demo/goods-1-1.png' }, second)).id, reason } }),
  '/admin/api/content/news/save': async () => ({ body: { title: { 'en-us': 'Sweep news' }, reason } }),
  '/admin/api/content/news/delete': async () => ({ body: { id: (await post('/admin/api/content/news/save', { title: { 'en-us': 'Gone' } }, second)).id, reason } }),
  '/admin/api/content/notices/save': async () => ({ body: { title: { 'en-us': 'Sweep notice' }, reason } }),
  '/admin/api/content/notices/delete': async () => ({ body: { id: (await post('/admin/api/content/notices/save', { title: { 'en-us': 'Gone' } }, second)).id, reason } }),
  '/admin/api/content/faqs/save': async () => ({ body: { question: { 'en-us': 'Sweep?' }, answer: { 'en-us': 'Yes.' }, reason } }),
  '/admin/api/content/faqs/delete': async () => ({ body: { id: (await post('/admin/api/content/faqs/save', { question: { 'en-us': 'Gone?' }, answer: { 'en-us': 'Yes.' } }, second)).id, reason } }),
  '/admin/api/content/popups/save': async () => ({ body: { title: { 'en-us': 'Sweep popup' }, starts_at: soon(0), reason } }),
  '/admin/api/content/popups/delete': async () => ({ body: { id: (await post('/admin/api/content/popups/save', { title: { 'en-us': 'Gone' }, starts_at: soon(0) }, second)).id, reason } }),
  '/admin/api/approvals/decide': async () => {
    const asked = await post('/admin/api/wallet/points/grant', { user_id: (await walletMember(t)).userId, kind: 'points', amount: 40, reason }, second);
    return { body: { id: asked.request.id, decision: 'approve', reason } };
  },
  '/admin/api/approvals/cancel': async () => {
    const asked = await post('/admin/api/wallet/points/grant', { user_id: (await walletMember(t)).userId, kind: 'points', amount: 30, reason });
    return { body: { id: asked.request.id, reason } };
  },
  '/admin/api/approvals/limits/set': async () => ({
    body: { kind: 'points.grant', currency: 'XXX', auto_up_to: null, daily_limit: 1_000_000, base_updated_at: versionIn((await get('/admin/api/approvals/limits')).list, { kind: 'points.grant', currency: 'XXX' }), reason },
  }),
  '/admin/api/operators/member': async () => ({ body: { operator_id: (await signedInOperator(t, 'support')).id, member: String((await registerMember(t)).user.id), reason } }),
  '/admin/api/content/agreements/save': async () => ({ body: { kind: 'privacy', title: { 'en-us': 'Privacy' }, content: { 'en-us': '<p>Sweep</p>' }, reason } }),
  '/admin/api/messages/broadcast': async () => ({ body: { texts: { 'en-us': { title: 'Sweep notice', text: 'Every decision is recorded.' } }, countries: ['ZZ'] } }),
  '/admin/api/messages/settings/save': async () => ({ body: { message_retention_days: 180, feedback_daily_limit: 10, base_updated_at: (await get('/admin/api/messages/settings')).updated_at } }),
  '/admin/api/feedback/reply': async () => ({ body: { id: await pendingFeedback(), reply: 'Thank you, noted.' } }),
  '/admin/api/feedback/close': async () => ({ body: { id: await pendingFeedback(), reason } }),
  '/admin/api/feedback/categories/save': async () => ({ body: { names: { 'en-us': `Sweep ${RUN}` }, sort: 999, enabled: false } }),
  '/admin/api/chat/transfer': async () => ({ body: { conversation_id: await openConversation(), operator_id: second.id } }),
  '/admin/api/chat/close': async () => ({ body: { conversation_id: await openConversation() } }),
  '/admin/api/chat/canned/save': async () => ({ body: { lang: 'en-us', title: 'Sweep', text: 'Every decision is recorded.' } }),
  '/admin/api/chat/canned/delete': async () => {
    const made = await t.db.insertInto('chat_canned_replies').values({ lang: 'en-us', title: 'Sweep', text: 'x', created_by: 'sweep' }).returning(['id', 'updated_at']).executeTakeFirstOrThrow();
    return { body: { id: Number(made.id), base_updated_at: made.updated_at.toISOString() } };
  },
  '/admin/api/after-sales/approve': async () => ({ body: { id: await afterSaleCase('under_review'), reason } }),
  '/admin/api/after-sales/reject': async () => ({ body: { id: await afterSaleCase('under_review'), reason } }),
  '/admin/api/after-sales/receive': async () => ({ body: { id: await afterSaleCase('awaiting_return'), resellable: true } }),
  '/admin/api/after-sales/refuse-receipt': async () => ({ body: { id: await afterSaleCase('return_shipped'), reason } }),
  '/admin/api/after-sales/refund': async () => ({ body: { id: await afterSaleCase('received') } }),
  '/admin/api/after-sales/ship': async () => ({ body: { id: await afterSaleCase('received', 'exchange'), carrier: 'DHL', tracking_number: `SW${RUN}` } }),
  '/admin/api/after-sales/close': async () => ({ body: { id: await afterSaleCase('awaiting_return'), reason } }),
  '/admin/api/after-sales/settings': async () => {
    const { settings } = await get('/admin/api/after-sales/settings');
    return { body: { ...settings, base_updated_at: settings.updated_at } };
  },
  '/admin/api/after-sales/addresses/save': async () => ({ body: { country_code: 'MY', kind: 'service', name: 'Sweep point', address: 'Jalan Sweep 1' } }),
  '/admin/api/after-sales/carriers/save': async () => ({ body: { code: `sweep${++codes}`, name: 'Sweep Express' } }),
  '/admin/api/after-sales/reasons/save': async () => ({ body: { kind: 'warranty', code: `sweep${++codes}`, names: { 'en-us': 'Sweep reason' } } }),
};

/** An after-sales case of `kind` in `status` on a received order paid from the balance (as the member's calls would leave it). */
async function afterSaleCase(status: string, kind: 'return' | 'exchange' = 'return') {
  const paymentId = await balancePayment();
  const orderId = (await t.db.selectFrom('payments').select('payable_id').where('id', '=', paymentId).executeTakeFirstOrThrow()).payable_id;
  const order = await t.db.updateTable('orders').set({ status: 'completed', shipped_at: new Date(), completed_at: new Date() }).where('id', '=', orderId).returningAll().executeTakeFirstOrThrow();
  const line = await t.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('after_sales')
    .values({ case_no: `AS${RUN}${++codes}`, order_id: orderId, user_id: order.user_id, kind, status: status as never, reason_code: 'damaged', currency: order.currency, refundable_minor: kind === 'return' ? 1000 : 0, refund_minor: kind === 'return' && status !== 'under_review' ? 1000 : null, refunded_minor: null, refunded_at: null, follows_case_id: null, ship_back_by: null, return_carrier_code: null, return_carrier: null, return_tracking: null, return_phone_tail: null, return_shipped_at: null, return_signed_at: null, received_at: null, resellable: null, replacement_carrier: null, replacement_tracking: null, replacement_shipped_at: null, replacement_signed_at: null, completed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('after_sale_lines').values({ case_id: row.id, order_line_id: line.id, qty: 1, exchange_sku_id: kind === 'exchange' ? line.sku_id : null }).execute();
  return row.id;
}

let codes = 0;
const coupon = (prefix: string) => ({ code: `${prefix}${RUN}${++codes}`.toUpperCase().slice(0, 40), kind: 'amount', amount: 500, currency: 'USD', starts_at: soon(-1), ends_at: soon(48), reason });
/** A coupon asked for by the second owner and approved by the first (four eyes): its id. */
const approvedCoupon = async (prefix: string) => (await post('/admin/api/approvals/decide', { id: (await post('/admin/api/orders/coupons', coupon(prefix), second)).request.id, decision: 'approve' })).result.id as number;

async function groupBuy() {
  const g = await newGoods(t.db, [{ price: 2000, stock: 20 }]);
  return { goods_id: g.goodsId, sku_id: g.skuIds[0]!, group_size: 2, fill_hours: 24, starts_at: soon(-1), ends_at: soon(48), price: 1500, quantity: 4 };
}

async function goodsBody() {
  const categoryId = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return { category_id: categoryId, name: { 'en-us': `Sweep goods ${RUN}` }, images: ['/media/demo/goods-1-1.png'], currency: 'USD', skus: [{ price: 1999, stock: 3 }], reason };
}

/** A member's order paid from the wallet balance: a succeeded payment without a gateway part. */
async function balancePayment(payable: 'order' | 'charity' = 'order') {
  const m = await memberWithOrder(t, { currency: 'MYR', price: 4000 });
  await fund(t.db, m.userId, 4000, 'MYR');
  let target = { order_id: m.order.id, order_type: 'order' };
  if (payable === 'charity') {
    const cause = await t.db.insertInto('charity_causes').values({ title: JSON.stringify({ 'en-us': 'Clean water' }), currency: 'MYR', created_by: 'test' } as never).returning('id').executeTakeFirstOrThrow();
    const pledge = await t.app.inject({ method: 'POST', url: '/attractive/lovers/submitPay', headers: { ...m.keyed(), 'content-type': 'application/json' }, payload: JSON.stringify({ cause_id: cause.id, amount: 2500 }) });
    target = { order_id: (pledge.json() as { data: { id: number } }).data.id, order_type: 'charity' };
  }
  const res = await t.app.inject({ method: 'POST', url: '/shop/buy/payOrder', headers: { ...m.keyed(), 'content-type': 'application/json' }, payload: JSON.stringify({ ...target, pay_way: 'balance', pay_password: PAY_PASSWORD }) });
  const paid = res.json() as { code: number; data: { payment_no: string } };
  if (paid.code !== 200) throw new Error(`pay: ${JSON.stringify(paid)}`);
  return (await t.db.selectFrom('payments').select('id').where('reference', '=', paid.data.payment_no).executeTakeFirstOrThrow()).id;
}

/** An order of a new member, paid (as the payments area leaves it), waiting to be shipped. */
async function paidOrder() {
  const order = await orderFor(t, (await walletMember(t)).userId);
  await t.db.updateTable('orders').set({ status: 'paid', paid_at: new Date() }).where('id', '=', order.id).execute();
  return order.id;
}

/** A member's feedback waiting for an answer. */
async function pendingFeedback() {
  const m = await walletMember(t);
  const category = await t.db.selectFrom('feedback_categories').select('id').where('enabled', '=', true).orderBy('id').executeTakeFirstOrThrow();
  return Number((await t.db.insertInto('feedbacks').values({ member_id: m.userId, category_id: category.id, content: 'Sweep feedback' }).returning('id').executeTakeFirstOrThrow()).id);
}

/** A member's open support conversation. */
async function openConversation() {
  const m = await walletMember(t);
  return Number((await t.db.insertInto('chat_conversations').values({ member_id: m.userId, agent_id: null }).returning('id').executeTakeFirstOrThrow()).id);
}

const recorded = async (operator: string) => Number((await t.db.selectFrom('operator_actions').select((eb) => eb.fn.countAll<string>().as('n')).where('operator', '=', operator).executeTakeFirstOrThrow()).n);

describe('every operator decision', () => {
  it('has a step in this sweep, or is named as not being one', () => {
    expect(decisions.length).toBeGreaterThan(60);
    expect(decisions.filter((p) => !(p in steps) && !(p in NOT_SWEPT))).toEqual([]);
    expect(Object.keys(steps).filter((p) => !decisions.includes(p))).toEqual([]);
  });

  it('writes a row in the audit log naming the operator who made it', async () => {
    const silent: string[] = [];
    for (const path of decisions.filter((p) => p in steps)) {
      const { body, as = owner } = await steps[path]!();
      const before = await recorded(as.recordedAs);
      await post(path, body, as);
      if ((await recorded(as.recordedAs)) <= before) silent.push(path);
    }
    expect(silent).toEqual([]);
  }, 120_000);
});
