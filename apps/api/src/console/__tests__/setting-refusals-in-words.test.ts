import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call } from '../../modules/catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../modules/orders/__tests__/fixtures.js';

// A setting refused says what is wrong with it in the operator's language, never a placeholder
// ("This setting accepts only: {{allowed}}").

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

let keys = 0;
const send = (url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...owner.headers, 'idempotency-key': `words-${Date.now()}-${++keys}` }, body, lang });
const get = (url: string) => call(t, 'GET', url, { headers: owner.headers });

describe('settings refused', () => {
  it('a freight band upside down, the settlement currency switched off, a plan in no time zone or with a star twice', async () => {
    const band = { country_code: 'DE', method: 'express', weight_from_g: 900, weight_to_g: 100, currency: 'USD', fee: 100, reason: 'rates' };
    expect((await send('/admin/api/settings/international-freight', band)).body).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'The weight up to must be more than the weight from' });
    expect((await send('/admin/api/orders/international-freight', band, 'zh-cn')).body.msg).toBe('重量上限必须大于重量下限');

    const settlement = (await get('/admin/api/settings')).body.data.currencies.find((c: { is_settlement: boolean }) => c.is_settlement);
    expect((await send('/admin/api/settings/currency', { currency: settlement.currency, enabled: false, reason: 'no' })).body).toMatchObject({
      code: ResponseCode.settingInvalid,
      msg: 'The settlement currency cannot be switched off: make another currency the settlement currency first',
    });

    const { updated_at, updated_by: _by, ...plan } = (await get('/admin/api/referral/plan')).body.data;
    const body = { ...plan, base_updated_at: updated_at, reason: 'x' };
    expect((await send('/admin/api/referral/plan', { ...body, time_zone: 'Mars/Olympus' }, 'jp')).body).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'このタイムゾーンは認識できません。一覧から選んでください' });
    expect((await send('/admin/api/referral/plan', { ...body, stars: [...plan.stars, plan.stars[0]] })).body).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'Each star can appear only once in the plan' });
  });
});
