import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { reachablePushDevices } from '../devices.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const phone = { token: 'fcm-token-of-a-phone-0001', platform: 'android', provider: 'fcm' };
const register = (token: string | undefined, body: unknown = phone, lang?: string) => call(t, 'POST', '/user/device/pushToken', body, { token, lang, ip: freshIp() });

describe("the native shell's push token", () => {
  it('makes the phone reachable for its member while the login lasts, and no longer after logging out', async () => {
    const m = await registerMember(t);
    expect((await register(m.token)).body).toMatchObject({ code: 200, data: { registered: true } });
    // Registering again (every start of the app) keeps one phone.
    await register(m.token);
    expect(await reachablePushDevices(t.db, m.user.id)).toEqual([{ token: phone.token, platform: 'android', provider: 'fcm' }]);

    expect((await call(t, 'POST', '/user/info/login_out', {}, { token: m.token })).body.code).toBe(200);
    expect(await reachablePushDevices(t.db, m.user.id)).toEqual([]);
  });

  it('follows the phone to the member who logs in on it next, and stays with a refreshed login', async () => {
    const first = await registerMember(t);
    const second = await registerMember(t);
    const shared = { ...phone, token: 'apns-token-handed-over-0002', platform: 'ios', provider: 'apns' };
    await register(first.token, shared);
    await register(second.token, shared);
    expect(await reachablePushDevices(t.db, first.user.id)).toEqual([]);
    expect(await reachablePushDevices(t.db, second.user.id)).toHaveLength(1);

    const refreshed = await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: second.token });
    expect(refreshed.body.code).toBe(200);
    expect(await reachablePushDevices(t.db, second.user.id)).toEqual([{ token: shared.token, platform: 'ios', provider: 'apns' }]);
  });

  it('refuses a visitor, and a malformed token or platform with a localized message, storing nothing', async () => {
    expect((await register(undefined)).body.code).toBe(2002);
    const m = await registerMember(t);
    const bad = await register(m.token, { ...phone, token: 'short' }, 'zh-cn');
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await register(m.token, { ...phone, platform: 'windows' })).status).toBe(422);
    // Longer than any push service's token (and than the database could index), or with spaces: refused, not a failure.
    const long = 'x'.repeat(513);
    expect((await register(m.token, { ...phone, token: long })).status).toBe(422);
    expect((await register(m.token, { ...phone, token: 'fcm token with spaces 0003' })).status).toBe(422);
    expect(await reachablePushDevices(t.db, m.user.id)).toEqual([]);
  });

  it('keeps the ten phones a member registered last, not every token ever sent', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 14; i++) expect((await register(m.token, { ...phone, token: `fcm-token-of-phone-${String(i).padStart(4, '0')}` })).body.code).toBe(200);
    const kept = await reachablePushDevices(t.db, m.user.id);
    expect(kept.map((d) => d.token).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `fcm-token-of-phone-${String(i + 4).padStart(4, '0')}`));
    // One seen again comes first and stays; the oldest of the rest goes when another arrives.
    await register(m.token, { ...phone, token: 'fcm-token-of-phone-0004' });
    await register(m.token, { ...phone, token: 'fcm-token-of-phone-0099' });
    const after = (await reachablePushDevices(t.db, m.user.id)).map((d) => d.token);
    expect(after).toHaveLength(10);
    expect(after).toContain('fcm-token-of-phone-0004');
    expect(after).not.toContain('fcm-token-of-phone-0005');
  });
});
