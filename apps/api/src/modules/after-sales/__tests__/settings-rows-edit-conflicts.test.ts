import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two operators with the after-sales settings open, each changing the same reason, carrier or return
// address from the list as they loaded it: the later save came from a copy that no longer held the
// other's change and silently undid it. Each save of a row now names the version it was loaded at;
// from a copy changed since it is refused (4020), nothing is written and no audit row is added.

let t: TestApp;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let alice: Operator;
let bob: Operator;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signedInOperator(t, 'owner');
  bob = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const send = async (url: string, body: unknown, who: Operator, lang = 'en-us') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/api/after-sales/${url}/save`,
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', 'idempotency-key': `rows-${RUN}-${++keys}`, 'think-lang': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: any };
};
type Listed = { reasons: Array<Record<string, any>>; carriers: Array<Record<string, any>>; addresses: Array<Record<string, any>> };
const listed = async (who: Operator): Promise<Listed> => (await t.app.inject({ method: 'GET', url: '/admin/api/after-sales/settings', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${who.token}` } })).json().data;

/** What the reason form sends unchanged: the reason as the list gives it, with the version it was loaded at. */
async function openedReason(code: string, who: Operator) {
  const r = (await listed(who)).reasons.find((x) => x.kind === 'return' && x.code === code);
  expect(r).toBeDefined();
  return { kind: 'return', code, names: r!.names, needs_evidence: r!.needs_evidence, sort: r!.sort, enabled: r!.enabled, base_updated_at: r!.updated_at as string };
}
async function openedCarrier(code: string, who: Operator) {
  const c = (await listed(who)).carriers.find((x) => x.code === code);
  expect(c).toBeDefined();
  return { code, name: c!.name, needs_phone_tail: c!.needs_phone_tail, enabled: c!.enabled, base_updated_at: c!.updated_at as string };
}
async function openedAddress(id: number, who: Operator) {
  const a = (await listed(who)).addresses.find((x) => x.id === id);
  expect(a).toBeDefined();
  return { id, country_code: a!.country_code, kind: a!.kind, name: a!.name, address: a!.address, phone: a!.phone, hours: a!.hours, enabled: a!.enabled, base_updated_at: a!.updated_at as string };
}
const reasonRow = (code: string) => t.db.selectFrom('after_sale_reasons').select(['names', 'enabled', 'sort']).where('kind', '=', 'return').where('code', '=', code).executeTakeFirstOrThrow();
const carrierRow = (code: string) => t.db.selectFrom('after_sale_carriers').select(['name', 'enabled']).where('code', '=', code).executeTakeFirstOrThrow();
const addressRow = (id: number) => t.db.selectFrom('after_sale_addresses').select(['name', 'phone', 'enabled']).where('id', '=', id).executeTakeFirstOrThrow();
const actionsOf = async (who: Operator, like: string) => (await t.db.selectFrom('operator_actions').select('action').where('operator', '=', who.recordedAs).where('action', 'like', like).execute()).map((a) => a.action);
const STALE_ZH = '您打开后，其他人已修改了此内容，因此未保存任何更改（保存会撤销对方的修改）。请重新加载后再修改';

describe('after-sales reasons changed from a stale copy', () => {
  it('bob hiding a reason from the copy opened before alice renamed it is refused; alice’s name stays; reopened, bob’s change lands on top', async () => {
    const code = `late_${RUN}`;
    // Creating names no version.
    const created = await send('reasons', { kind: 'return', code, names: { 'en-us': 'Late' } }, alice);
    expect(created.code, created.msg).toBe(200);
    const [aliceCopy, bobCopy] = [await openedReason(code, alice), await openedReason(code, bob)];
    const renamed = await send('reasons', { ...aliceCopy, names: { 'en-us': 'Arrived too late' } }, alice);
    expect(renamed.code, renamed.msg).toBe(200);
    expect(await send('reasons', { ...bobCopy, enabled: false }, bob, 'zh-cn')).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: STALE_ZH });
    expect(await reasonRow(code)).toMatchObject({ names: { 'en-us': 'Arrived too late' }, enabled: true });
    expect(await actionsOf(bob, 'setting.after_sales_reason%')).toEqual([]);

    const hidden = await send('reasons', { ...(await openedReason(code, bob)), enabled: false }, bob);
    expect(hidden.code, hidden.msg).toBe(200);
    expect(await reasonRow(code)).toMatchObject({ names: { 'en-us': 'Arrived too late' }, enabled: false });
  });

  it('a change naming no version, or a new reason whose code was written meanwhile, is refused with nothing written', async () => {
    const code = `gone_${RUN}`;
    expect((await send('reasons', { kind: 'return', code, names: { 'en-us': 'Gone' }, sort: 4 }, alice)).code).toBe(200);
    // Bob opened "new reason" and typed the same code: alice's reason would be overwritten.
    expect((await send('reasons', { kind: 'return', code, names: { 'en-us': 'Lost' }, sort: 9 }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await reasonRow(code)).toEqual({ names: { 'en-us': 'Gone' }, enabled: true, sort: 4 });
    const bobs = await t.db.selectFrom('operator_actions').select('facts').where('operator', '=', bob.recordedAs).where('action', '=', 'setting.after_sales_reason').execute();
    expect(bobs.filter((r) => (r.facts as { code?: string } | null)?.code === code)).toEqual([]);
  });

  it('two saves from the same copy at the same moment: one is written, the other refused', async () => {
    for (let round = 0; round < 4; round++) {
      const code = `race${round}_${RUN}`;
      expect((await send('reasons', { kind: 'return', code, names: { 'en-us': `Round ${round}` } }, alice)).code).toBe(200);
      const copy = await openedReason(code, alice);
      const [a, b] = await Promise.all([send('reasons', { ...copy, names: { 'en-us': `Renamed ${round}` } }, alice), send('reasons', { ...copy, enabled: false }, bob)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await reasonRow(code)).toMatchObject(a.code === 200 ? { names: { 'en-us': `Renamed ${round}` }, enabled: true } : { names: { 'en-us': `Round ${round}` }, enabled: false });
    }
  });
});

describe('after-sales carriers changed from a stale copy', () => {
  it('a stale rename is refused and the other’s stays; no version, or a new carrier whose code exists, is refused; of two at once one is written', async () => {
    const code = `cl-${RUN}`;
    expect((await send('carriers', { code, name: 'City-Link' }, alice)).code).toBe(200);
    const [aliceCopy, bobCopy] = [await openedCarrier(code, alice), await openedCarrier(code, bob)];
    expect((await send('carriers', { ...aliceCopy, enabled: false }, alice)).code).toBe(200);
    // Bob's rename from his copy would switch the carrier back on.
    expect(await send('carriers', { ...bobCopy, name: 'City-Link Express' }, bob, 'zh-cn')).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: STALE_ZH });
    expect(await carrierRow(code)).toEqual({ name: 'City-Link', enabled: false });
    const { base_updated_at: _v, ...unversioned } = await openedCarrier(code, bob);
    expect((await send('carriers', { ...unversioned, name: 'City-Link Express' }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await actionsOf(bob, 'setting.after_sales_carrier%')).toEqual([]);
    expect((await send('carriers', { ...(await openedCarrier(code, bob)), name: 'City-Link Express' }, bob)).code).toBe(200);
    expect(await carrierRow(code)).toEqual({ name: 'City-Link Express', enabled: false });

    for (let round = 0; round < 4; round++) {
      const raced = `race${round}-${RUN}`;
      expect((await send('carriers', { code: raced, name: `Round ${round}` }, alice)).code).toBe(200);
      const copy = await openedCarrier(raced, alice);
      const [a, b] = await Promise.all([send('carriers', { ...copy, name: `Renamed ${round}` }, alice), send('carriers', { ...copy, enabled: false }, bob)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await carrierRow(raced)).toEqual(a.code === 200 ? { name: `Renamed ${round}`, enabled: true } : { name: `Round ${round}`, enabled: false });
    }
  });
});

describe('return addresses and service points changed from a stale copy', () => {
  it('a stale change is refused and the other’s stays; no version is refused; of two at once one is written', async () => {
    const created = await send('addresses', { country_code: 'MY', kind: 'service', name: `Point ${RUN}`, address: 'Jalan Satu 1' }, alice);
    expect(created.code, created.msg).toBe(200);
    const id = (created.data.addresses as Array<{ id: number; name: string }>).find((a) => a.name === `Point ${RUN}`)!.id;
    const [aliceCopy, bobCopy] = [await openedAddress(id, alice), await openedAddress(id, bob)];
    expect((await send('addresses', { ...aliceCopy, phone: '60312345678' }, alice)).code).toBe(200);
    expect(await send('addresses', { ...bobCopy, name: `Point KL ${RUN}` }, bob, 'zh-cn')).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: STALE_ZH });
    expect(await addressRow(id)).toEqual({ name: `Point ${RUN}`, phone: '60312345678', enabled: true });
    const { base_updated_at: _v, ...unversioned } = await openedAddress(id, bob);
    expect((await send('addresses', { ...unversioned, name: `Point KL ${RUN}` }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await actionsOf(bob, 'setting.after_sales_address%')).toEqual([]);
    expect((await send('addresses', { ...(await openedAddress(id, bob)), name: `Point KL ${RUN}` }, bob)).code).toBe(200);
    expect(await addressRow(id)).toEqual({ name: `Point KL ${RUN}`, phone: '60312345678', enabled: true });

    for (let round = 0; round < 4; round++) {
      const made = await send('addresses', { country_code: 'MY', kind: 'service', name: `Race ${round} ${RUN}`, address: 'Jalan Dua 2' }, alice);
      const raced = (made.data.addresses as Array<{ id: number; name: string }>).find((a) => a.name === `Race ${round} ${RUN}`)!.id;
      const copy = await openedAddress(raced, alice);
      const [a, b] = await Promise.all([send('addresses', { ...copy, name: `Renamed ${round} ${RUN}` }, alice), send('addresses', { ...copy, enabled: false }, bob)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await addressRow(raced)).toMatchObject(a.code === 200 ? { name: `Renamed ${round} ${RUN}`, enabled: true } : { name: `Race ${round} ${RUN}`, enabled: false });
    }
  });

  it('a return address switched on turns the country’s other one off and makes a copy of that one opened before stale', async () => {
    const first = await send('addresses', { country_code: 'TH', kind: 'return', name: `Returns A ${RUN}`, address: '1 Rama I Rd' }, alice);
    const a = (first.data.addresses as Array<{ id: number; name: string }>).find((x) => x.name === `Returns A ${RUN}`)!.id;
    const bobCopy = await openedAddress(a, bob);
    expect((await send('addresses', { country_code: 'TH', kind: 'return', name: `Returns B ${RUN}`, address: '2 Silom Rd' }, alice)).code).toBe(200);
    expect((await addressRow(a)).enabled).toBe(false);
    // Bob's copy of A still says "on": saving it would take the returns back from B without his knowing.
    expect((await send('addresses', { ...bobCopy, phone: '6621234567' }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await addressRow(a)).toEqual({ name: `Returns A ${RUN}`, phone: '', enabled: false });
  });
});
