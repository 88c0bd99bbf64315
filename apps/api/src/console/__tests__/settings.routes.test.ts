import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type OperatorRole } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { decide, idleOut, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { newCatalogueGoods, newCategories } from '../../modules/catalogue/__tests__/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

let keys = 0;
/** A change as the console sends it: a fresh Idempotency-Key per decision. */
const send = (url: string, body: unknown, token: string) => decide(t, url, body, token, `settings-test-${Date.now().toString(36)}-${++keys}`);
/** The decisions an operator recorded (not their sign-ins, which the log also holds). */
const actionsOf = (operator: string) => t.db.selectFrom('operator_actions').select(['action', 'reason', 'target_type', 'target_id', 'facts']).where('operator', '=', operator).where('action', 'not like', 'access.%').orderBy('id').execute();

const calls: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; allowed: OperatorRole; refused: OperatorRole }> = [
  { method: 'GET', url: '/admin/api/settings', allowed: 'owner', refused: 'finance' },
  { method: 'POST', url: '/admin/api/settings/captcha', body: { mode: 'auto', bypass: false, reason: 'check' }, allowed: 'owner', refused: 'support' },
  { method: 'POST', url: '/admin/api/settings/orders', body: { expiry_minutes: 30, auto_confirm_days: 7, reason: 'check' }, allowed: 'owner', refused: 'catalogue' },
  { method: 'POST', url: '/admin/api/settings/shipping-fee', body: { country_code: 'MY', currency: 'MYR', fee: 800, free_over: null, reason: 'check' }, allowed: 'owner', refused: 'finance' },
  { method: 'POST', url: '/admin/api/settings/shipping-fee/delete', body: { country_code: 'MY', currency: 'EUR', reason: 'check' }, allowed: 'owner', refused: 'finance' },
  { method: 'POST', url: '/admin/api/settings/points', body: { points_per_unit: 100, shopping_points_per_unit: 100, points_max_share_bp: 10000, earn_rate_bp: 100, reason: 'check' }, allowed: 'owner', refused: 'support' },
  { method: 'POST', url: '/admin/api/settings/operating-fee', body: { country_code: 'MY', rate_bp: 0, reason: 'check' }, allowed: 'owner', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/settings/international-freight', body: { country_code: 'JP', method: 'standard', weight_from_g: 0, weight_to_g: 500, currency: 'USD', fee: 900, reason: 'check' }, allowed: 'owner', refused: 'support' },
  { method: 'POST', url: '/admin/api/settings/currency', body: { currency: 'USD', enabled: true, reason: 'check' }, allowed: 'owner', refused: 'finance' },
  { method: 'GET', url: '/admin/api/settings/language-texts?lang=en-us', allowed: 'owner', refused: 'support' },
  { method: 'POST', url: '/admin/api/settings/language-text', body: { lang: 'en-us', key: 'no.such.key', text: 'x', reason: 'check' }, allowed: 'owner', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/operators', allowed: 'owner', refused: 'support' },
  { method: 'POST', url: '/admin/api/operators/create', body: { user_name: `calls${Date.now().toString(36)}`, role: 'reviewer', reason: 'check' }, allowed: 'owner', refused: 'finance' },
  { method: 'POST', url: '/admin/api/operators/status', body: { id: 2147483000, active: false, reason: 'check' }, allowed: 'owner', refused: 'support' },
  { method: 'POST', url: '/admin/api/operators/role', body: { id: 2147483000, role: 'support', reason: 'check' }, allowed: 'owner', refused: 'finance' },
  { method: 'POST', url: '/admin/api/operators/reset-2fa', body: { id: 2147483000, reason: 'check' }, allowed: 'owner', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/members/reset-2fa', body: { id: 2147483000, reason: 'check' }, allowed: 'owner', refused: 'support' },
  { method: 'GET', url: '/admin/api/charity/causes/list', allowed: 'support', refused: 'finance' },
  { method: 'POST', url: '/admin/api/charity/causes/update', body: { id: 2147483000, title: { 'en-us': 'x' }, status: 'closed', reason: 'check' }, allowed: 'owner', refused: 'support' },
  { method: 'GET', url: '/admin/api/charity/pledges', allowed: 'support', refused: 'catalogue' },
];

type Snapshot = Record<string, any>;
/** The version of the row with these values in one of the page's tables (none: the page has no such row, a new one). */
const rowVersion = (rows: Array<Record<string, unknown>>, key: Record<string, unknown>) => rows.find((r) => Object.entries(key).every(([k, v]) => r[k] === v))?.updated_at as string | undefined;
/** Settings saved whole, and rows saved from the page, name the version the page read (`base_updated_at`): read as the page would before sending. */
const versionOf: Record<string, (snapshot: Snapshot, body: any) => string | undefined> = {
  '/admin/api/settings/captcha': (s) => s.captcha_updated_at,
  '/admin/api/settings/orders': (s) => s.orders.updated_at,
  '/admin/api/settings/points': (s) => s.points.updated_at,
  '/admin/api/settings/shipping-fee': (s, b) => rowVersion(s.shipping_fees, { country_code: b.country_code, currency: b.currency }),
  '/admin/api/settings/shipping-fee/delete': (s, b) => rowVersion(s.shipping_fees, { country_code: b.country_code, currency: b.currency }),
  '/admin/api/settings/operating-fee': (s, b) => rowVersion(s.operating_fees, { country_code: b.country_code }),
  '/admin/api/settings/international-freight': (s, b) => rowVersion(s.international_freight, { country_code: b.country_code, method: b.method, currency: b.currency, weight_from_g: b.weight_from_g }),
};
const read = async (token: string) => (await call(t, 'GET', '/admin/api/settings', undefined, { token })).body.data;
/** A body as the page sends it: with the version of what it changes, as the page read it. */
const fromPage = async <B extends object>(url: string, body: B, token: string) => ({ ...body, base_updated_at: versionOf[url]!(await read(token), body) });

describe('settings and operators in the console', () => {
  it('each call refuses no token, a member token, a role without the permission and an ended session', async () => {
    const member = await registerMember(t);
    const ops = new Map<OperatorRole, Awaited<ReturnType<typeof signedInOperator>>>();
    for (const r of ['owner', 'finance', 'support', 'catalogue', 'reviewer'] as OperatorRole[]) ops.set(r, await signedInOperator(t, r));
    for (const c of calls) {
      expect((await call(t, c.method, c.url, c.body)).body.code, c.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, c.method, c.url, c.body, { token: member.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
      const refused = await call(t, c.method, c.url, c.body, { token: ops.get(c.refused)!.token });
      expect([refused.status, refused.body.code], c.url).toEqual([403, ResponseCode.forbidden]);
      const version = versionOf[c.url];
      const body = version ? { ...(c.body as object), base_updated_at: version(await read(ops.get(c.allowed)!.token), c.body) } : c.body;
      const allowed = await call(t, c.method, c.url, body, { token: ops.get(c.allowed)!.token });
      expect([200, ResponseCode.notFound], `${c.url} ${JSON.stringify(allowed.body)}`).toContain(allowed.body.code);
    }
    const ended = await signedInOperator(t, 'owner');
    await idleOut(t, ended.id);
    for (const c of calls) expect((await call(t, c.method, c.url, c.body, { token: ended.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
  });

  it('captcha, order times, freight, fees and currencies change with a reason, show on the page and land in the audit log once per click', async () => {
    const owner = await signedInOperator(t, 'owner');
    const noReason = await send('/admin/api/settings/captcha', { mode: 'always', bypass: true, reason: ' ' }, owner.token);
    expect(noReason.body.code).toBe(ResponseCode.validation);

    // A double-click: the same key twice is one change.
    const body = await fromPage('/admin/api/settings/captcha', { mode: 'always', bypass: true, reason: 'bot wave' }, owner.token);
    const key = `captcha-${Date.now().toString(36)}`;
    const first = await decide(t, '/admin/api/settings/captcha', body, owner.token, key);
    const again = await decide(t, '/admin/api/settings/captcha', body, owner.token, key);
    expect(first.body.data).toMatchObject({ captcha_mode: 'always', captcha_bypass: true });
    expect(again.body).toEqual(first.body);
    expect((await call(t, 'GET', '/attractive/page/captchaConfig')).body.data).toMatchObject({ mode: 'always', bypass_allowed: true });

    const times = await send('/admin/api/settings/orders', { expiry_minutes: 45, auto_confirm_days: 10, base_updated_at: (await read(owner.token)).orders.updated_at, reason: 'holiday season' }, owner.token);
    expect(times.body.data.orders).toMatchObject({ expiry_minutes: 45, auto_confirm_days: 10, updated_by: owner.recordedAs });
    const fee = await send('/admin/api/settings/shipping-fee', await fromPage('/admin/api/settings/shipping-fee', { country_code: 'TH', currency: 'THB', fee: 5000, free_over: 150000, reason: 'new carrier' }, owner.token), owner.token);
    expect(fee.body.data.shipping_fees).toContainEqual(expect.objectContaining({ country_code: 'TH', currency: 'THB', fee: 5000, free_over: 150000 }));
    const operating = await send('/admin/api/settings/operating-fee', await fromPage('/admin/api/settings/operating-fee', { country_code: 'TH', rate_bp: 250, reason: 'tax' }, owner.token), owner.token);
    expect(operating.body.data.operating_fees).toContainEqual(expect.objectContaining({ country_code: 'TH', rate_bp: 250 }));
    const band = await send('/admin/api/settings/international-freight', await fromPage('/admin/api/settings/international-freight', { country_code: 'DE', method: 'express', weight_from_g: 0, weight_to_g: 1000, currency: 'USD', fee: 3200, reason: 'rates' }, owner.token), owner.token);
    expect(band.body.data.international_freight).toContainEqual({ country_code: 'DE', method: 'express', weight_from_g: 0, weight_to_g: 1000, currency: 'USD', fee: 3200, updated_by: owner.recordedAs, updated_at: expect.any(String) });
    const upsideDown = await send('/admin/api/settings/international-freight', { country_code: 'DE', method: 'express', weight_from_g: 900, weight_to_g: 100, currency: 'USD', fee: 1, reason: 'rates' }, owner.token);
    expect(upsideDown.body.code).toBe(ResponseCode.settingInvalid);

    const settlement = (await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data.currencies.find((c: { is_settlement: boolean }) => c.is_settlement);
    expect((await send('/admin/api/settings/currency', { currency: settlement.currency, enabled: false, reason: 'no' }, owner.token)).body.code).toBe(ResponseCode.settingInvalid);

    expect((await actionsOf(owner.recordedAs)).map((a) => [a.action, a.reason])).toEqual([
      ['setting.captcha_mode', 'bot wave'],
      ['setting.captcha_bypass', 'bot wave'],
      ['setting.orders', 'holiday season'],
      ['setting.shipping_fee', 'new carrier'],
      ['setting.operating_fee', 'tax'],
      ['setting.international_freight', 'rates'],
    ]);
    // The order times, freight and fees are facts the console words (they read `setting.orders expiry_minutes=45 …`).
    const saved = await t.db.selectFrom('operator_actions').select('facts').where('operator', '=', owner.recordedAs).where('action', 'in', ['setting.orders', 'setting.shipping_fee', 'setting.operating_fee', 'setting.international_freight']).orderBy('id').execute();
    expect(saved.map((r) => r.facts)).toEqual([
      { key: 'order_times', expiry_minutes: 45, auto_confirm_days: 10, settle_after_days: null },
      { key: 'shipping_fee', country: 'TH', currency: 'THB', fee: 5000, free_over: 150000, removed: false },
      { key: 'operating_fee', country: 'TH', rate_bp: 250 },
      { key: 'international_freight', country: 'DE', method: 'express', weight_from_g: 0, weight_to_g: 1000, fee: 3200, currency: 'USD' },
    ]);
    // The captcha's mode and fallback are facts the console words (it read `setting.captcha_mode=always`).
    const captcha = await t.db.selectFrom('operator_actions').select('facts').where('operator', '=', owner.recordedAs).where('action', 'like', 'setting.captcha%').orderBy('id').execute();
    expect(captcha.map((r) => r.facts)).toEqual([{ key: 'captcha_mode', mode: 'always' }, { key: 'captcha_bypass', on: true }]);
    await send('/admin/api/settings/captcha', await fromPage('/admin/api/settings/captcha', { mode: 'auto', bypass: false, reason: 'wave over' }, owner.token), owner.token);
    // A wallet currency switched on: recorded by its kind with the currency as a fact (it read `wallet_currency.on USD`).
    expect((await send('/admin/api/settings/currency', { currency: settlement.currency, enabled: true, reason: 'kept on' }, owner.token)).body.code).toBe(200);
    const walletCurrency = await t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('operator', '=', owner.recordedAs).where('action', 'like', 'wallet_currency%').execute();
    expect(walletCurrency).toEqual([{ action: 'wallet_currency.on', reason: 'kept on', facts: { key: 'wallet_currency', currency: settlement.currency } }]);
  });

  it('freight goes only to a shipping country: another code is refused on its field in the operator’s language, and nothing is saved', async () => {
    const owner = await signedInOperator(t, 'owner');
    const before = (await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data.shipping_fees;
    for (const country_code of ['ZZ', 'DE']) {
      const refused = await send('/admin/api/settings/shipping-fee', { country_code, currency: 'USD', fee: 500, free_over: null, reason: 'typo' }, owner.token);
      expect([refused.status, refused.body.code], country_code).toEqual([422, ResponseCode.validation]);
      expect(refused.body.data.errors[0].field).toBe('country_code');
      expect(refused.body.msg).toContain(country_code);
      expect(refused.body.msg).toMatch(/ship/i);
    }
    const inChinese = await call(t, 'POST', '/admin/api/settings/shipping-fee', { country_code: 'ZZ', currency: 'USD', fee: 500, free_over: null, reason: 'typo' }, { token: owner.token, lang: 'zh-cn' });
    expect(inChinese.body.msg).toContain('ZZ');
    expect(inChinese.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data.shipping_fees).toEqual(before);
    // A shipping country is still taken.
    expect((await send('/admin/api/settings/shipping-fee', { country_code: 'US', currency: 'USD', fee: 500, free_over: 3000, reason: 'carrier' }, owner.token)).body.code).toBe(200);
  });

  it('a freight row is deleted with a reason: gone from the page, recorded; deleting it again is not found', async () => {
    const owner = await signedInOperator(t, 'owner');
    await send('/admin/api/settings/shipping-fee', { country_code: 'SG', currency: 'MYR', fee: 700, free_over: null, reason: 'wrong currency' }, owner.token);
    const noReason = await send('/admin/api/settings/shipping-fee/delete', { country_code: 'SG', currency: 'MYR', reason: ' ' }, owner.token);
    expect(noReason.body.code).toBe(ResponseCode.validation);
    const deleted = await send('/admin/api/settings/shipping-fee/delete', await fromPage('/admin/api/settings/shipping-fee/delete', { country_code: 'SG', currency: 'MYR', reason: 'entered by mistake' }, owner.token), owner.token);
    expect(deleted.body.code).toBe(200);
    expect(deleted.body.data.shipping_fees).not.toContainEqual(expect.objectContaining({ country_code: 'SG', currency: 'MYR' }));
    expect((await send('/admin/api/settings/shipping-fee/delete', { country_code: 'SG', currency: 'MYR', reason: 'again' }, owner.token)).body.code).toBe(ResponseCode.notFound);
    expect((await actionsOf(owner.recordedAs)).map((a) => [a.action, a.reason])).toEqual([
      ['setting.shipping_fee', 'wrong currency'],
      ['setting.shipping_fee', 'entered by mistake'],
    ]);
    const facts = await t.db.selectFrom('operator_actions').select('facts').where('operator', '=', owner.recordedAs).where('action', '=', 'setting.shipping_fee').orderBy('id').execute();
    expect(facts.map((r) => r.facts)).toEqual([
      { key: 'shipping_fee', country: 'SG', currency: 'MYR', fee: 700, free_over: null, removed: false },
      { key: 'shipping_fee', country: 'SG', currency: 'MYR', fee: null, free_over: null, removed: true },
    ]);
  });

  it('the settings page reads the currencies of goods on sale beside the freight rows, so a currency without freight shows', async () => {
    const owner = await signedInOperator(t, 'owner');
    const { childId } = await newCategories(t);
    const inUsd = await newCatalogueGoods(t, { categoryId: childId });
    const inMyr = await newCatalogueGoods(t, { categoryId: childId });
    const offSale = await newCatalogueGoods(t, { categoryId: childId, status: 'off_sale' });
    await t.db.updateTable('goods').set({ currency: 'MYR' }).where('id', '=', inMyr.id).execute();
    await t.db.updateTable('goods').set({ currency: 'THB' }).where('id', '=', offSale.id).execute();
    const snapshot = (await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data;
    expect(inUsd.id).toBeGreaterThan(0);
    expect(snapshot.sale_currencies).toEqual(['MYR', 'USD']);
  });

  it('points settings show on the settings page and change there with a reason, through the orders area (checkout reads them)', async () => {
    const owner = await signedInOperator(t, 'owner');
    const shown = (await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data.points;
    expect(shown).toEqual(expect.objectContaining({ points_per_unit: expect.any(Number), shopping_points_per_unit: expect.any(Number), points_max_share_bp: expect.any(Number), earn_rate_bp: expect.any(Number) }));
    const body = { points_per_unit: 250, shopping_points_per_unit: 120, points_max_share_bp: 3000, earn_rate_bp: 150 };
    expect((await send('/admin/api/settings/points', { ...body, base_updated_at: shown.updated_at, reason: ' ' }, owner.token)).body.code).toBe(ResponseCode.validation);
    expect((await send('/admin/api/settings/points', { ...body, base_updated_at: shown.updated_at, points_max_share_bp: 10001, reason: 'x' }, owner.token)).body.code).toBe(ResponseCode.validation);
    const stored = () => t.db.selectFrom('order_settings').select(['points_per_unit', 'shopping_points_per_unit', 'points_max_share_bp', 'earn_rate_bp']).executeTakeFirstOrThrow();
    try {
      const saved = await send('/admin/api/settings/points', { ...body, base_updated_at: shown.updated_at, reason: 'spring promotion' }, owner.token);
      // Points worth less and a smaller share are in force at once; orders earning more (1.5 %) wait for a second operator.
      expect(saved.body.data.points).toMatchObject({ ...body, earn_rate_bp: shown.earn_rate_bp, updated_by: owner.recordedAs });
      expect(saved.body.data.request).toMatchObject({ kind: 'points.settings', status: 'pending', reason: 'spring promotion', changes: [{ field: 'earn_rate_bp', from: shown.earn_rate_bp, to: 150 }] });
      expect(await stored()).toEqual({ ...body, earn_rate_bp: shown.earn_rate_bp });
      // The values saved as facts (the console words them by the settings page's labels), never as JSON after the kind.
      expect((await actionsOf(owner.recordedAs)).filter((a) => a.action === 'order.points').map((a) => [a.reason, a.facts])).toEqual([['spring promotion', { key: 'points_settings', ...body, earn_rate_bp: null }]]);
      // The settings page shows the request while it waits.
      expect((await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data.points.pending).toMatchObject({ id: saved.body.data.request.id, status: 'pending' });
      const approver = await signedInOperator(t, 'finance');
      expect((await send('/admin/api/approvals/decide', { id: saved.body.data.request.id, decision: 'approve' }, approver.token)).body.data).toMatchObject({ status: 'approved' });
      expect(await stored()).toEqual(body);
      expect((await call(t, 'GET', '/admin/api/settings', undefined, { token: owner.token })).body.data.points.pending).toBeNull();
    } finally {
      await t.db.updateTable('order_settings').set({ points_per_unit: shown.points_per_unit, shopping_points_per_unit: shown.shopping_points_per_unit, points_max_share_bp: shown.points_max_share_bp, earn_rate_bp: shown.earn_rate_bp }).execute();
    }
  });

  it('a language text edited changes the pack and its version for the member app; restoring it gives the shipped pack back', async () => {
    const owner = await signedInOperator(t, 'owner');
    const bag = async () => (await call(t, 'GET', '/user/getLangBag?client=h5', undefined, { lang: 'en-us' })).body.data as { version: string; pack: Record<string, string> };
    const before = await bag();
    expect(before.pack['app.action.back']).toBe('Back');

    const edited = await send('/admin/api/settings/language-text', { lang: 'en-us', key: 'app.action.back', text: 'Go back', reason: 'clearer' }, owner.token);
    expect(edited.body.data).toMatchObject({ lang: 'en-us', key: 'app.action.back', text: 'Go back' });
    expect(edited.body.data.version).not.toBe(before.version);
    const after = await bag();
    expect([after.version, after.pack['app.action.back']]).toEqual([edited.body.data.version, 'Go back']);
    // Another language is untouched.
    expect((await call(t, 'GET', '/user/getLangBag?client=h5', undefined, { lang: 'zh-cn' })).body.data.pack['app.action.back']).not.toBe('Go back');

    const listed = await call(t, 'GET', '/admin/api/settings/language-texts?lang=en-us&changed=1', undefined, { token: owner.token });
    expect(listed.body.data.list).toEqual([expect.objectContaining({ key: 'app.action.back', text: 'Go back', shipped: 'Back', changed: true })]);
    expect(listed.body.data.version).toBe(edited.body.data.version);
    // Sorted (the changed ones first, then by key descending) and exported with the same search.
    const sorted = (await call(t, 'GET', '/admin/api/settings/language-texts?lang=en-us&q=app.action&sort=changed&order=desc&limit=100', undefined, { token: owner.token })).body.data.list as Array<{ key: string; changed: boolean }>;
    expect(sorted[0]).toMatchObject({ key: 'app.action.back', changed: true });
    const keys = (await call(t, 'GET', '/admin/api/settings/language-texts?lang=en-us&q=app.action&sort=key&order=desc&limit=100', undefined, { token: owner.token })).body.data.list.map((r: { key: string }) => r.key);
    expect(keys).toEqual([...keys].sort().reverse());
    const file = await t.app.inject({ method: 'GET', url: '/admin/api/settings/language-texts/export?lang=en-us&changed=1', headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.body.split('\r\n').filter(Boolean)).toEqual([expect.any(String), expect.stringContaining('app.action.back,Go back,Back,true')]);
    const unknown = await send('/admin/api/settings/language-text', { lang: 'en-us', key: 'app.no.such', text: 'x', reason: 'typo' }, owner.token);
    expect(unknown.body.code).toBe(ResponseCode.notFound);

    const restored = await send('/admin/api/settings/language-text', { lang: 'en-us', key: 'app.action.back', text: null, reason: 'back to shipped' }, owner.token);
    expect(restored.body.data).toMatchObject({ text: 'Back', version: before.version });
    expect((await bag()).version).toBe(before.version);
    expect((await actionsOf(owner.recordedAs)).map((a) => a.action)).toEqual(['language.text en-us app.action.back', 'export.language-texts', 'language.text en-us app.action.back']);
  });

  it('the owner creates an operator with a setup link, changes the role, disables, resets the authenticator, never for themselves', async () => {
    const owner = await signedInOperator(t, 'owner');
    const name = `new${Date.now().toString(36)}`;
    const created = await send('/admin/api/operators/create', { user_name: name, role: 'reviewer', reason: 'new hire' }, owner.token);
    expect(created.body.data.setup_path).toMatch(/^\/admin\/#\/setup\?token=/);
    const token = created.body.data.setup_path.split('token=')[1];
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: 'Setup-Harbour-2026' }, { ip: freshIp() })).body.code).toBe(200);
    const signIn = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: name, password: 'Setup-Harbour-2026' }, { ip: freshIp() });
    expect(signIn.body.code).toBe(200);
    const theirToken = signIn.body.data.token as string;
    const id = created.body.data.id as number;

    const list = await call(t, 'GET', '/admin/api/operators', undefined, { token: owner.token });
    expect(list.body.data.list.find((o: { id: number }) => o.id === id)).toMatchObject({ user_name: name, role: 'reviewer', status: 'active', pending_setup: false, sign_in_count: 1 });

    const role = await send('/admin/api/operators/role', { id, role: 'support', reason: 'moved team' }, owner.token);
    expect(role.body.data).toMatchObject({ operator: { role: 'support' }, sessions_ended: 1 });
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: theirToken })).body.code).toBe(ResponseCode.tokenInvalid);

    const reset = await send('/admin/api/operators/reset-2fa', { id, reason: 'lost phone' }, owner.token);
    expect(reset.body.data.operator.totp_bound).toBe(false);
    const disabled = await send('/admin/api/operators/status', { id, active: false, reason: 'left the company' }, owner.token);
    expect(disabled.body.data.operator.status).toBe('disabled');
    expect((await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: name, password: 'Setup-Harbour-2026' }, { ip: freshIp() })).body.code).toBe(ResponseCode.loginFailed);

    for (const [url, body] of [
      ['/admin/api/operators/status', { id: owner.id, active: false, reason: 'x' }],
      ['/admin/api/operators/role', { id: owner.id, role: 'reviewer', reason: 'x' }],
      ['/admin/api/operators/reset-2fa', { id: owner.id, reason: 'x' }],
    ] as const) {
      expect((await send(url, body, owner.token)).body.code, url).toBe(ResponseCode.operatorSelfChange);
    }
    expect((await actionsOf(owner.recordedAs)).map((a) => [a.action, a.reason, a.target_id])).toEqual([
      ['operator.create', 'new hire', id],
      ['operator.role', 'moved team', id],
      ['operator.2fa.reset', 'lost phone', id],
      ['operator.disable', 'left the company', id],
    ]);
    // The role given is a fact the console words (it read "role=reviewer"); done at once, so no request.
    const facts = await t.db.selectFrom('operator_actions').select('facts').where('operator', '=', owner.recordedAs).where('target_id', '=', id).where('action', 'in', ['operator.create', 'operator.role', 'operator.disable']).orderBy('id').execute();
    expect(facts.map((r) => r.facts)).toEqual([
      { key: 'operator_role', role: 'reviewer', request_id: null, asked_by: null },
      { key: 'operator_role', role: 'support', request_id: null, asked_by: null },
      null,
    ]);
  });

  it('the owner removes a member’s authenticator, recorded with the reason', async () => {
    const owner = await signedInOperator(t, 'owner');
    const m = await registerMember(t);
    await t.db.updateTable('users').set({ totp_secret: 'sealed-secret-placeholder' }).where('id', '=', m.user.id).execute();
    const res = await send('/admin/api/members/reset-2fa', { id: m.user.id, reason: 'lost phone, identity checked' }, owner.token);
    expect(res.body.data).toEqual({ id: m.user.id, removed: true });
    const row = await t.db.selectFrom('users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', m.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_pending_secret: null });
    expect(await actionsOf(owner.recordedAs)).toEqual([{ action: 'user.2fa.reset', reason: 'lost phone, identity checked', target_type: 'user', target_id: m.user.id, facts: null }]);
  });

  it('the member is told when an operator removes their authenticator, in the language they read the shop in', async () => {
    const owner = await signedInOperator(t, 'owner');
    const outboxFor = async (to: string) => (await call(t, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}&limit=5`, undefined, { ip: '127.0.0.1' })).body.data as Array<{ subject: string; body: string }>;
    const m = await registerMember(t);
    // The member reads the shop in Thai (their messages read in Thai record it); the operator works in English.
    expect((await call(t, 'GET', '/user/message/list?limit=10', undefined, { token: m.token, lang: 'th' })).body.code).toBe(200);
    await t.db.updateTable('users').set({ totp_secret: 'sealed-secret-placeholder' }).where('id', '=', m.user.id).execute();
    const before = (await outboxFor(m.email)).length;
    expect((await send('/admin/api/members/reset-2fa', { id: m.user.id, reason: 'lost phone' }, owner.token)).body.data).toEqual({ id: m.user.id, removed: true });
    const notices = await outboxFor(m.email);
    expect(notices.length).toBe(before + 1);
    expect(notices[0]!.subject).toBe('แจ้งเตือนความปลอดภัยของบัญชีของคุณ');
    expect(notices[0]!.body).toContain(`Google Authenticator ของบัญชี ${m.user.user_name} ของคุณถูกลบโดยฝ่ายบริการลูกค้า`);

    // A member with no authenticator had nothing removed: no notice that one was.
    const plain = await registerMember(t);
    const plainBefore = (await outboxFor(plain.email)).length;
    expect((await send('/admin/api/members/reset-2fa', { id: plain.user.id, reason: 'asked twice' }, owner.token)).body.data).toEqual({ id: plain.user.id, removed: false });
    expect((await outboxFor(plain.email)).length).toBe(plainBefore);

    // Never read in any language: the notice is in the shop's default language.
    const quiet = await registerMember(t);
    await t.db.updateTable('users').set({ totp_secret: 'sealed-secret-placeholder' }).where('id', '=', quiet.user.id).execute();
    await send('/admin/api/members/reset-2fa', { id: quiet.user.id, reason: 'lost phone' }, owner.token);
    expect((await outboxFor(quiet.email))[0]!.body).toContain(`The Google Authenticator of your account ${quiet.user.user_name} was removed by customer service`);
  });

  it('charity causes: listed with their pledges, edited and closed with a reason; pledges listed by cause', async () => {
    const owner = await signedInOperator(t, 'owner');
    const created = await send('/admin/api/charity/causes', { title: { 'en-us': 'Clean water', 'zh-cn': '清洁水源' }, currency: 'USD', min_amount: 100, goal: 500000 }, owner.token);
    const id = created.body.data.id as number;
    const member = await registerMember(t);
    const pledged = await call(t, 'POST', '/attractive/lovers/submitPay', { cause_id: id, amount: 2500, message: 'for the well' }, { token: member.token });
    expect(pledged.body.code).toBe(200);

    const causes = await call(t, 'GET', '/admin/api/charity/causes/list', undefined, { token: owner.token });
    expect(causes.body.data.list.find((c: { id: number }) => c.id === id)).toMatchObject({ title: { 'en-us': 'Clean water', 'zh-cn': '清洁水源' }, status: 'open', raised: 0, pledges: 1, goal: 500000 });
    const pledges = await call(t, 'GET', `/admin/api/charity/pledges?cause_id=${id}`, undefined, { token: owner.token, lang: 'zh-cn' });
    expect(pledges.body.data.list).toEqual([expect.objectContaining({ user_name: member.user.user_name, cause_title: '清洁水源', amount: 2500, currency: 'USD', status: 'awaiting_payment', message: 'for the well' })]);

    // Pledges found by the member or the pledge's number, sorted, and exported.
    const found = await call(t, 'GET', `/admin/api/charity/pledges?q=${member.user.user_name}`, undefined, { token: owner.token });
    expect(found.body.data.list.map((p: { user_name: string }) => p.user_name)).toEqual([member.user.user_name]);
    const orderNo = found.body.data.list[0].order_no as string;
    expect((await call(t, 'GET', `/admin/api/charity/pledges?q=${orderNo}`, undefined, { token: owner.token })).body.data.total).toBe(1);
    expect((await call(t, 'GET', `/admin/api/charity/pledges?q=nobody-${Date.now()}`, undefined, { token: owner.token })).body.data.total).toBe(0);
    const amounts = (await call(t, 'GET', '/admin/api/charity/pledges?sort=amount&order=asc&limit=100', undefined, { token: owner.token })).body.data.list.map((p: { amount: number }) => p.amount);
    expect(amounts).toEqual([...amounts].sort((x: number, y: number) => x - y));
    const file = await t.app.inject({ method: 'GET', url: `/admin/api/charity/pledges/export?q=${orderNo}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.body).toContain(orderNo);
    expect(file.body).toContain('25.00');

    const opened = causes.body.data.list.find((c: { id: number }) => c.id === id);
    const closed = await send('/admin/api/charity/causes/update', { id, base_updated_at: opened.updated_at, title: { 'en-us': 'Clean water for schools' }, description: {}, image: '', min_amount: 200, goal: null, status: 'closed', reason: 'goal met elsewhere' }, owner.token);
    expect(closed.body.data).toMatchObject({ id, title: { 'en-us': 'Clean water for schools' }, min_amount: 200, goal: null, status: 'closed' });
    const refused = await call(t, 'POST', '/attractive/lovers/submitPay', { cause_id: id, amount: 2500 }, { token: member.token });
    expect(refused.body.code).not.toBe(200);
    expect((await actionsOf(owner.recordedAs)).filter((a) => a.target_type === 'charity_cause')).toEqual([
      { action: 'charity.cause', reason: null, target_type: 'charity_cause', target_id: id, facts: { key: 'charity_cause_created', currency: 'USD' } },
      { action: 'charity.cause', reason: 'goal met elsewhere', target_type: 'charity_cause', target_id: id, facts: { key: 'charity_cause', status: 'closed' } },
    ]);
  });
});
