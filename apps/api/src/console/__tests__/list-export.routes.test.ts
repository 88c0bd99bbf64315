import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type OperatorRole } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { decide, idleOut, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

/** A CSV export as the console downloads it: status, headers, and the file split into cells. */
async function download(url: string, token: string, lang = 'en-us') {
  const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${token}`, 'think-lang': lang } });
  const text = res.body;
  const rows = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map(parseLine);
  return { status: res.statusCode, headers: res.headers, text, rows };
}

/** One CSV line into its cells (quoted cells may hold commas and doubled quotes). */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

const exports: Array<{ url: string; allowed: OperatorRole; refused: OperatorRole }> = [
  { url: '/admin/api/reviews/realname/export', allowed: 'reviewer', refused: 'finance' },
  { url: '/admin/api/reviews/cancellation/export', allowed: 'support', refused: 'reviewer' },
  { url: '/admin/api/members/search/export', allowed: 'finance', refused: 'catalogue' },
  { url: '/admin/api/audit/export', allowed: 'owner', refused: 'support' },
  { url: '/admin/api/orders/list/export', allowed: 'support', refused: 'finance' },
  { url: '/admin/api/wallet/withdrawals/export', allowed: 'finance', refused: 'support' },
  { url: '/admin/api/wallet/recharges/export', allowed: 'finance', refused: 'reviewer' },
];

describe('CSV exports of the console lists', () => {
  it('each refuses no token, a member token, an operator without the list’s permission and an ended session; the allowed get a file', async () => {
    const member = await registerMember(t);
    const ops = new Map<OperatorRole, Awaited<ReturnType<typeof signedInOperator>>>();
    for (const r of ['owner', 'finance', 'support', 'catalogue', 'reviewer'] as OperatorRole[]) ops.set(r, await signedInOperator(t, r));
    for (const e of exports) {
      expect((await call(t, 'GET', e.url)).body.code, e.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, 'GET', e.url, undefined, { token: member.token })).body.code, e.url).toBe(ResponseCode.tokenInvalid);
      const refused = await call(t, 'GET', e.url, undefined, { token: ops.get(e.refused)!.token });
      expect([refused.status, refused.body.code], e.url).toEqual([403, ResponseCode.forbidden]);
      const file = await download(e.url, ops.get(e.allowed)!.token);
      expect(file.status, e.url).toBe(200);
      expect(file.headers['content-type'], e.url).toMatch(/^text\/csv/);
      expect(file.headers['content-disposition'], e.url).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(file.rows[0]!.length, e.url).toBeGreaterThan(3);
    }
    const ended = await signedInOperator(t, 'owner');
    await idleOut(t, ended.id);
    for (const e of exports) expect((await call(t, 'GET', e.url, undefined, { token: ended.token })).body.code, e.url).toBe(ResponseCode.tokenInvalid);
  });

  it('the audit log as a file: headers in the operator’s language, the same filter as the list, formulas kept as text, and the export itself recorded', async () => {
    const support = await signedInOperator(t, 'support');
    const owner = await signedInOperator(t, 'owner');
    const m = await registerMember(t);
    const ended = await decide(t, '/admin/api/members/end-sessions', { id: m.user.id, reason: 'lost phone, "urgent"' }, support.token, `export-end-${m.user.id}`);
    const banned = await decide(t, '/admin/api/members/ban', { id: m.user.id, banned: true, reason: '=HYPERLINK("http://x")' }, support.token, `export-ban-${m.user.id}`);
    expect([ended.body.code, banned.body.code]).toEqual([200, 200]);

    const file = await download(`/admin/api/audit/export?operator=${support.userName}&kind=user`, owner.token, 'zh-cn');
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    expect(file.rows[0]).toEqual(['创建时间', '操作员', '操作', '对象', '对象编号', '原因', '决定途径', '详情']);
    expect(file.rows.slice(1).map((r) => [r[1], r[2], r[4], r[5]])).toEqual([
      [support.recordedAs, 'user.ban', String(m.user.id), `'=HYPERLINK("http://x")`],
      [support.recordedAs, 'user.sessions.end', String(m.user.id), 'lost phone, "urgent"'],
    ]);
    // The list answers the same rows in the same order.
    const list = await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&kind=user`, undefined, { token: owner.token });
    expect(list.body.data.list.map((e: { action: string }) => e.action)).toEqual(['user.ban', 'user.sessions.end']);

    const recorded = await call(t, 'GET', `/admin/api/audit?operator=${owner.userName}&kind=export`, undefined, { token: owner.token });
    expect(recorded.body.data.list).toHaveLength(1);
    expect(recorded.body.data.list[0]).toMatchObject({ action: 'export.audit', target_type: 'export' });
    expect(JSON.parse(recorded.body.data.list[0].reason)).toEqual({ operator: support.userName, kind: 'user' });
  });

  it('the members file carries each mobile number whole: its calling code beside it, as the Members page shows it', async () => {
    const finance = await signedInOperator(t, 'finance');
    const listed = await call(t, 'GET', '/admin/api/members/search?q=demo001', undefined, { token: finance.token });
    const demo = listed.body.data.list.find((m: { user_name: string }) => m.user_name === 'demo001');
    expect([demo.mobile_pre, demo.mobile]).toEqual(['60', '123456789']);
    const withoutMobile = await registerMember(t);

    const file = await download(`/admin/api/members/search/export?q=demo001`, finance.token);
    const header = file.rows[0]!;
    const row = file.rows.find((r) => r[1] === 'demo001')!;
    expect([row[header.indexOf('Calling code')], row[header.indexOf('Mobile')]]).toEqual(['60', '123456789']);
    expect(header.indexOf('Mobile')).toBe(header.indexOf('Calling code') + 1);

    const none = await download(`/admin/api/members/search/export?q=${withoutMobile.user.user_name}`, finance.token);
    const blank = none.rows.find((r) => r[1] === withoutMobile.user.user_name)!;
    expect([blank[header.indexOf('Calling code')], blank[header.indexOf('Mobile')]]).toEqual(['', '']);

    const zh = await download(`/admin/api/members/search/export?q=demo001`, finance.token, 'zh-cn');
    expect(zh.rows[0]!.slice(3, 5)).toEqual(['国际区号', '手机']);
  });

  it('lists sort by the column asked, both ways, and the file follows the same order', async () => {
    const support = await signedInOperator(t, 'support');
    const tag = `srt${Date.now().toString(36)}`;
    const names = [`${tag}b`, `${tag}c`, `${tag}a`];
    for (const user_name of names) await registerMember(t, { user_name });
    const listed = async (order: 'asc' | 'desc') =>
      (await call(t, 'GET', `/admin/api/members/search?q=${tag}&sort=user_name&order=${order}`, undefined, { token: support.token })).body.data.list.map((r: { user_name: string }) => r.user_name);
    expect(await listed('asc')).toEqual([...names].sort());
    expect(await listed('desc')).toEqual([...names].sort().reverse());
    const file = await download(`/admin/api/members/search/export?q=${tag}&sort=user_name&order=desc`, support.token);
    expect(file.rows.slice(1).map((r) => r[1])).toEqual([...names].sort().reverse());
    const unknown = await call(t, 'GET', `/admin/api/members/search?q=${tag}&sort=password`, undefined, { token: support.token });
    expect(unknown.status).toBe(422);
  });
});
