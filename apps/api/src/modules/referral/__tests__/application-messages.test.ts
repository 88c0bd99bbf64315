import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { key } from './fixtures.js';

// A member who applied to be a dealer, a service centre or a shop owner heard nothing of the
// decision: they had to open the applications page again and again. Each decision now writes one
// message in the member's language, linked to the page to go on from (the reason of a refusal in it).

let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

type Who = { headers: Record<string, string> };
const post = (who: Who, url: string, body: unknown) => call(t, 'POST', url, { headers: { ...who.headers, 'idempotency-key': key() }, body, lang: 'en-us' });
const application = { name: 'Mei Tan', mobile_pre: '60', mobile: '123456789', country: 'MY', address: '1 Jalan Ampang, Kuala Lumpur', note: 'Ten years in retail', shop_name: 'Mei’s corner' };
type Shown = { kind: string; title: string; text: string; link: string };
const messagesOf = async (who: Who, lang = 'en-us'): Promise<Shown[]> => (await call(t, 'GET', '/user/message/list?kind=referral&limit=20', { headers: who.headers, lang })).body.data.list;

describe('messages of role applications', () => {
  it('approved or rejected, for every kind: one message each, the refusal with its reason, linked to where the member goes on', async () => {
    const m = await walletMember(t);
    const filed = async (call: string) => (await post(m, `/attractive/user/${call}`, application)).body.data.application_id as number;
    const dealer = await filed('applyJxs');
    const centre = await filed('applyFuwuCenter');
    const shop = await filed('applyUser');
    const decide = (id: number, approve: boolean, reason: string) => post(operator, '/admin/api/referral/applications/decide', { id, approve, reason });
    expect((await decide(dealer, false, 'Address could not be verified')).body.code).toBe(200);
    expect((await decide(centre, true, 'Premises checked')).body.code).toBe(200);
    expect((await decide(shop, true, 'Premises checked')).body.code).toBe(200);
    // Decided again: refused, and no second message.
    expect((await decide(shop, true, 'Premises checked')).body.code).not.toBe(200);

    const list = await messagesOf(m);
    expect(list.map((x) => x.kind)).toEqual(['referral.application_shop_owner_approved', 'referral.application_service_centre_approved', 'referral.application_dealer_rejected']);
    expect(list[2]).toMatchObject({ title: 'Dealer application rejected', link: '/pages/team/applications?kind=dealer', text: expect.stringContaining('Address could not be verified') });
    expect(list[1]).toMatchObject({ title: 'Service centre application approved', link: '/pages/team/applications?kind=service_centre' });
    // A new shop owner goes on to set up the shop.
    expect(list[0]).toMatchObject({ title: 'Shop owner application approved', link: '/pages/shop/my' });
    expect((await messagesOf(m, 'th'))[2]!.title).toBe('คำขอเป็นตัวแทนจำหน่ายถูกปฏิเสธ');

    // A second dealer application, approved this time: its own message.
    const again = await filed('applyJxs');
    expect((await decide(again, true, 'Address verified')).body.code).toBe(200);
    expect((await messagesOf(m))[0]!.kind).toBe('referral.application_dealer_approved');
  });
});
