import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';

// Two operators with the same settings open: the second save was written over the first from a copy
// that no longer held it (alice's change silently undone). Every settings save now names the version
// it was read at; a save from a stale copy is refused (4020) and changes nothing.

let t: TestApp;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let alice: Operator;
let bob: Operator;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  alice = await signedInOperator(t, 'owner');
  bob = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

let keys = 0;
const send = (url: string, body: unknown, who: Operator) => decide(t, url, body, who.token, `stale-${Date.now().toString(36)}-${++keys}`);
const read = async (url: string, who: Operator) => (await call(t, 'GET', url, undefined, { token: who.token, lang: 'en-us' })).body.data;
const actionsOf = (who: Operator) => t.db.selectFrom('operator_actions').select('action').where('operator', '=', who.recordedAs).where('action', 'not like', 'access.%').execute();

describe('settings saved from a copy changed since', () => {
  it('order times: bob saving from his open page is refused after alice saved, alice\'s value stays and bob\'s save writes no audit row', async () => {
    const aliceCopy = (await read('/admin/api/settings', alice)).orders;
    const bobCopy = (await read('/admin/api/settings', bob)).orders;
    const saved = await send('/admin/api/settings/orders', { expiry_minutes: 45, auto_confirm_days: bobCopy.auto_confirm_days, settle_after_days: bobCopy.settle_after_days, base_updated_at: aliceCopy.updated_at, reason: 'longer to pay' }, alice);
    expect(saved.body.code).toBe(200);
    const stale = await send('/admin/api/settings/orders', { expiry_minutes: bobCopy.expiry_minutes, auto_confirm_days: 14, settle_after_days: bobCopy.settle_after_days, base_updated_at: bobCopy.updated_at, reason: 'slower couriers' }, bob);
    expect(stale.body.code).toBe(ResponseCode.editedSinceOpened);
    const now = (await read('/admin/api/settings', bob)).orders;
    expect(now).toMatchObject({ expiry_minutes: 45, auto_confirm_days: bobCopy.auto_confirm_days, updated_by: alice.recordedAs });
    expect(await actionsOf(bob)).toEqual([]);
    // Refreshed, bob's change lands on top of alice's.
    const again = await send('/admin/api/settings/orders', { expiry_minutes: now.expiry_minutes, auto_confirm_days: 14, settle_after_days: now.settle_after_days, base_updated_at: now.updated_at, reason: 'slower couriers' }, bob);
    expect(again.body.data.orders).toMatchObject({ expiry_minutes: 45, auto_confirm_days: 14, updated_by: bob.recordedAs });
    // A save that names no version cannot be checked: refused too.
    expect((await send('/admin/api/settings/orders', { expiry_minutes: 30, auto_confirm_days: 7, reason: 'blind' }, alice)).body.code).toBe(ResponseCode.editedSinceOpened);
  });

  it('each card says who changed it: order times and points keep their own "last changed by"', async () => {
    const before = await read('/admin/api/settings', alice);
    // Lowered, so in force at once (a raise waits for a second operator: settings.routes.test.ts).
    const earn = before.points.earn_rate_bp - 10;
    const points = { points_per_unit: before.points.points_per_unit, shopping_points_per_unit: before.points.shopping_points_per_unit, points_max_share_bp: before.points.points_max_share_bp, earn_rate_bp: earn };
    const pts = await send('/admin/api/settings/points', { ...points, base_updated_at: before.points.updated_at, reason: 'promotion' }, alice);
    expect(pts.body.data.points).toMatchObject({ earn_rate_bp: earn, updated_by: alice.recordedAs });
    const times = await send('/admin/api/settings/orders', { expiry_minutes: 50, auto_confirm_days: 10, base_updated_at: pts.body.data.orders.updated_at, reason: 'tidy' }, bob);
    expect(times.body.code).toBe(200);
    expect(times.body.data.orders.updated_by).toBe(bob.recordedAs);
    expect(times.body.data.points).toMatchObject({ updated_by: alice.recordedAs, updated_at: pts.body.data.points.updated_at });
    // A points save from the copy alice read before bob's order times: points did not change since, so it is not stale.
    const more = await send('/admin/api/settings/points', { ...points, earn_rate_bp: earn - 10, base_updated_at: pts.body.data.points.updated_at, reason: 'less' }, alice);
    expect(more.body.code).toBe(200);
    expect(more.body.data.orders.updated_by).toBe(bob.recordedAs);
  });

  it('points: bob\'s save from a copy older than alice\'s is refused and alice\'s values stay', async () => {
    const copy = (await read('/admin/api/settings', bob)).points;
    const body = { points_per_unit: copy.points_per_unit, shopping_points_per_unit: copy.shopping_points_per_unit, points_max_share_bp: copy.points_max_share_bp, earn_rate_bp: copy.earn_rate_bp };
    expect((await send('/admin/api/settings/points', { ...body, points_max_share_bp: 2500, base_updated_at: copy.updated_at, reason: 'a' }, alice)).body.code).toBe(200);
    expect((await send('/admin/api/settings/points', { ...body, earn_rate_bp: 300, base_updated_at: copy.updated_at, reason: 'b' }, bob)).body.code).toBe(ResponseCode.editedSinceOpened);
    expect((await read('/admin/api/settings', bob)).points).toMatchObject({ points_max_share_bp: 2500, earn_rate_bp: copy.earn_rate_bp, updated_by: alice.recordedAs });
  });

  it('after-sales windows: bob\'s exchange days from his copy do not put alice\'s return days back', async () => {
    const copy = (await read('/admin/api/after-sales/settings', bob)).settings;
    const { updated_at, updated_by: _by, ...values } = copy;
    expect((await send('/admin/api/after-sales/settings', { ...values, return_days: 14, base_updated_at: updated_at }, alice)).body.code).toBe(200);
    expect((await send('/admin/api/after-sales/settings', { ...values, exchange_days: 16, base_updated_at: updated_at }, bob)).body.code).toBe(ResponseCode.editedSinceOpened);
    const now = (await read('/admin/api/after-sales/settings', bob)).settings;
    expect(now).toMatchObject({ return_days: 14, exchange_days: values.exchange_days, updated_by: alice.recordedAs });
    expect((await send('/admin/api/after-sales/settings', { ...values, return_days: 14, exchange_days: 16 }, bob)).body.code).toBe(ResponseCode.editedSinceOpened);
  });

  it('shipping countries: bob adding NZ from his copy does not drop the FR alice added', async () => {
    const copy = await read('/admin/api/geo/shipping-countries', bob);
    const codes = copy.list.map((c: { code: string }) => c.code) as string[];
    expect((await send('/admin/api/geo/shipping-countries', { countries: [...codes, 'FR'], base_updated_at: copy.updated_at, reason: 'France opens' }, alice)).body.code).toBe(200);
    expect((await send('/admin/api/geo/shipping-countries', { countries: [...codes, 'NZ'], base_updated_at: copy.updated_at, reason: 'New Zealand opens' }, bob)).body.code).toBe(ResponseCode.editedSinceOpened);
    const now = await read('/admin/api/geo/shipping-countries', bob);
    expect(now.list.map((c: { code: string }) => c.code)).toEqual([...codes, 'FR']);
    expect(now.updated_by).toBe(alice.recordedAs);
  });

  it('two saves from the same version at once: exactly one is written', async () => {
    const s = await read('/admin/api/settings', alice);
    const a = await read('/admin/api/after-sales/settings', alice);
    const c = await read('/admin/api/geo/shipping-countries', alice);
    const codes = c.list.map((x: { code: string }) => x.code) as string[];
    const { updated_at: asAt, updated_by: _by, ...windows } = a.settings;
    const pointsBody = { points_per_unit: s.points.points_per_unit, shopping_points_per_unit: s.points.shopping_points_per_unit, points_max_share_bp: s.points.points_max_share_bp, base_updated_at: s.points.updated_at };
    const pairs: Array<[string, unknown, unknown]> = [
      ['/admin/api/settings/orders', { expiry_minutes: 61, auto_confirm_days: 9, base_updated_at: s.orders.updated_at, reason: 'a' }, { expiry_minutes: 62, auto_confirm_days: 8, base_updated_at: s.orders.updated_at, reason: 'b' }],
      ['/admin/api/settings/points', { ...pointsBody, earn_rate_bp: s.points.earn_rate_bp - 1, reason: 'a' }, { ...pointsBody, earn_rate_bp: s.points.earn_rate_bp - 2, reason: 'b' }],
      ['/admin/api/after-sales/settings', { ...windows, return_days: 21, base_updated_at: asAt }, { ...windows, exchange_days: 22, base_updated_at: asAt }],
      ['/admin/api/geo/shipping-countries', { countries: [...codes, 'IT'], base_updated_at: c.updated_at, reason: 'a' }, { countries: [...codes, 'ES'], base_updated_at: c.updated_at, reason: 'b' }],
    ];
    for (const [url, first, second] of pairs) {
      const answers = await Promise.all([send(url, first, alice), send(url, second, bob)]);
      expect(answers.map((r) => r.body.code).sort(), url).toEqual([200, ResponseCode.editedSinceOpened].sort());
    }
  });
});
