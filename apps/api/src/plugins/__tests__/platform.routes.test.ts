import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminEndpoints, allEndpoints, endpoint, ResponseCode } from '@shop/contract';
import { buildApp, type BuiltApp } from '../../app.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newToken, hashToken } from '../../lib/tokens.js';

// A member-only call of this test's own that no area builds: it exercises authentication before the
// handler, and the "not available yet" answer, whichever of the shop's calls are built by now.
const memberCall = endpoint({ method: 'GET', path: '/test/member-probe', auth: 'member', area: 'account', data: z.null() });

let t: TestApp;
/** The app answering the contract's calls and `memberCall`. */
let probe: BuiltApp;
beforeAll(async () => {
  t = await buildTestApp();
  probe = await buildApp(t.deps, false, { endpoints: [...allEndpoints, memberCall] });
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

async function memberWithToken(overrides: { expiresInMs?: number; revoked?: boolean; status?: 'active' | 'banned' } = {}) {
  const user = await t.db
    .insertInto('users')
    .values({ user_name: `member${Math.random().toString(36).slice(2, 8)}`, password_hash: 'x', status: overrides.status ?? 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await t.db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + (overrides.expiresInMs ?? 3_600_000)),
      revoked_at: overrides.revoked ? new Date() : null,
    })
    .execute();
  return { userId: user.id, token };
}

describe('the envelope and session codes', () => {
  it('answers a member-only call without a token with 2002 (login required)', async () => {
    const res = await probe.inject({ method: 'GET', url: memberCall.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ResponseCode.loginRequired, msg: 'Please log in first', data: null });
  });

  it('treats an empty bearer token as none', async () => {
    const res = await probe.inject({ method: 'GET', url: memberCall.path, headers: { authorization: 'Bearer ' } });
    expect(res.json().code).toBe(ResponseCode.loginRequired);
  });

  it('answers an unknown, expired or revoked token with 2001', async () => {
    const expired = await memberWithToken({ expiresInMs: -1000 });
    const revoked = await memberWithToken({ revoked: true });
    for (const token of [newToken(), expired.token, revoked.token]) {
      const res = await probe.inject({ method: 'GET', url: memberCall.path, headers: { authorization: `Bearer ${token}` } });
      expect(res.json().code).toBe(ResponseCode.tokenInvalid);
    }
  });

  it('answers 2001 for a banned member and 2020 when the member no longer exists', async () => {
    const banned = await memberWithToken({ status: 'banned' });
    const res = await probe.inject({ method: 'GET', url: memberCall.path, headers: { authorization: `Bearer ${banned.token}` } });
    expect(res.json().code).toBe(ResponseCode.tokenInvalid);

    const gone = await memberWithToken();
    // The session outlives its member only when rows are removed behind the app's back (e.g. by an operator).
    await t.db.schema.alterTable('sessions').dropConstraint('sessions_user_id_fkey').execute();
    await t.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    const res2 = await probe.inject({ method: 'GET', url: memberCall.path, headers: { authorization: `Bearer ${gone.token}` } });
    expect(res2.json()).toMatchObject({ code: ResponseCode.userNotFound, msg: 'The user does not exist' });
  });

  it('lets a valid member through to the call, which answers "not available yet" while no area has built it', async () => {
    const m = await memberWithToken();
    const res = await probe.inject({ method: 'GET', url: memberCall.path, headers: { authorization: `Bearer ${m.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: ResponseCode.notAvailableYet, msg: 'This feature is not available yet' });
  });

  it('answers an unknown path with a 404 envelope, not an HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/call', headers: { 'think-lang': 'zh-cn' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ResponseCode.notFound, msg: '未找到', data: null });
  });

  it('counts the built calls: a call no area binds is not counted', () => {
    expect(probe.builtCalls).toBe(t.app.builtCalls);
    expect(t.app.builtCalls).toBeGreaterThanOrEqual(1);
    expect(t.app.builtCalls).toBeLessThanOrEqual(allEndpoints.length);
  });
});

describe('language negotiation', () => {
  const msgFor = async (headers: Record<string, string>) =>
    (await probe.inject({ method: 'GET', url: memberCall.path, headers })).json().msg as string;

  it('prefers think-lang, then Accept-Language with q-values, else English', async () => {
    expect(await msgFor({ 'think-lang': 'zh-cn', 'accept-language': 'th' })).toBe('请先登录');
    expect(await msgFor({ 'accept-language': 'fr;q=1, ja-JP;q=0.8, th;q=0.5' })).toBe('先にログインしてください');
    expect(await msgFor({ 'think-lang': 'zh_TW' })).toBe('請先登入');
    expect(await msgFor({ 'accept-language': 'de-DE' })).toBe('Please log in first');
    expect(await msgFor({})).toBe('Please log in first');
  });
});

describe('failures', () => {
  it('answers malformed JSON as a body of the wrong form: HTTP 422, "send its fields as JSON"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/no_auth/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ResponseCode.validation, msg: 'The request is not in the expected form: send its fields as JSON' });
  });

  it('answers invalid input with HTTP 422 and the first problem, localized', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/getLangBag?client=' + 'x'.repeat(30) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ResponseCode.validation, msg: 'Client must be at most 20 characters' });
    const zh = await t.app.inject({ method: 'GET', url: '/user/getLangBag?client=' + 'x'.repeat(30), headers: { 'think-lang': 'zh-cn' } });
    expect(zh.json().msg).toBe('客户端最多20个字符');
  });

  it('answers an unexpected failure with HTTP 500, a generic message and a request id, and logs it', async () => {
    const { app } = t;
    const broken = await buildTestAppWithBrokenRoute();
    const res = await broken.app.inject({ method: 'GET', url: '/__broken' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(ResponseCode.internal);
    expect(body.msg).toBe('Something went wrong, please try again later');
    expect(JSON.stringify(body)).not.toContain('secret detail');
    expect(body.data.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(broken.logged.join('\n')).toContain(body.data.request_id);
    expect(broken.logged.join('\n')).toContain('secret detail');
    await broken.close();
    // The failure stayed in its request: the app still answers.
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ code: 200, data: { status: 'ok' } });
  });
});

async function buildTestAppWithBrokenRoute() {
  const { Writable } = await import('node:stream');
  const logged: string[] = [];
  const { buildApp } = await import('../../app.js');
  const app = await buildApp(t.deps, { level: 'error', stream: new Writable({ write(chunk, _e, cb) { logged.push(String(chunk)); cb(); } }) });
  app.get('/__broken', async () => {
    throw new Error('secret detail of the database');
  });
  await app.ready();
  return { app, logged, close: () => app.close() };
}

describe('/user/getLangBag', () => {
  it('sends the pack of the request language with its version, then only the version while it is current', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/user/getLangBag?client=h5', headers: { 'think-lang': 'th' } });
    const data = first.json().data;
    expect(data.lang).toBe('th');
    expect(data.version).toMatch(/^[0-9a-f]{16}$/);
    expect(data.pack['code.loginRequired']).toBe('โปรดเข้าสู่ระบบก่อน');

    const again = await t.app.inject({ method: 'GET', url: `/user/getLangBag?client=h5&version=${data.version}`, headers: { 'think-lang': 'th' } });
    expect(again.json().data).toEqual({ lang: 'th', version: data.version });

    const stale = await t.app.inject({ method: 'GET', url: '/user/getLangBag?client=h5&version=old', headers: { 'think-lang': 'th' } });
    expect(stale.json().data).toMatchObject({ lang: 'th', version: data.version });
    expect(stale.json().data.pack['code.loginRequired']).toBe('โปรดเข้าสู่ระบบก่อน');
  });

  it('sends the first screens\' part and the rest apart, which together are the whole pack under its version', async () => {
    const get = async (query: string) => (await t.app.inject({ method: 'GET', url: `/user/getLangBag?client=h5${query}`, headers: { 'think-lang': 'jp' } })).json().data;
    const whole = await get('');
    const first = await get('&part=first');
    const rest = await get('&part=rest');
    expect(first.version).toBe(whole.version);
    expect(rest.version).toBe(whole.version);
    // The sign-in page's texts come first; the wallet's after.
    expect(first.pack['account.action.login']).toBe(whole.pack['account.action.login']);
    expect(first.pack['wallet.code.payPasswordWrong']).toBeUndefined();
    expect(rest.pack['wallet.code.payPasswordWrong']).toBe(whole.pack['wallet.code.payPasswordWrong']);
    expect(Object.keys(rest.pack).some((key) => key.startsWith('wallet.'))).toBe(true);
    expect(Object.keys(rest.pack).filter((key) => key in first.pack)).toEqual([]);
    expect({ ...first.pack, ...rest.pack }).toEqual(whole.pack);
    // The first part is the smaller: what a first visit waits for before its first paint.
    expect(JSON.stringify(first.pack).length).toBeLessThan(JSON.stringify(whole.pack).length / 2);
    // A client holding the current version gets no texts, whichever part it asks for.
    expect(await get(`&part=rest&version=${whole.version}`)).toEqual({ lang: 'jp', version: whole.version });
    const bad = await t.app.inject({ method: 'GET', url: '/user/getLangBag?part=middle' });
    expect(bad.statusCode).toBe(422);
  });

  it('has a different version for each language', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/user/getLangBag' })).json().data;
    const zh = (await t.app.inject({ method: 'GET', url: '/user/getLangBag', headers: { 'accept-language': 'zh-CN' } })).json().data;
    expect(en.lang).toBe('en-us');
    expect(zh.lang).toBe('zh-cn');
    expect(en.version).not.toBe(zh.version);
  });
});

describe('operations', () => {
  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().data.status).toBe('ok');
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json().data.status).toBe('ready');
  });

  it('sends short security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes an OpenAPI document listing every call, member and operator calls alike', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, m]) => Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual([...allEndpoints, ...adminEndpoints].map((e) => `${e.method} ${e.path}`).sort());
    expect(doc.paths['/user/getLangBag'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['client', 'version', 'part']);
  });

  it('redirects / and /h5 to the app', async () => {
    for (const url of ['/', '/h5']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/h5/');
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with the envelope once a client passes the per-minute limit, and counts clients apart', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/user/getLangBag', remoteAddress: '10.0.0.1' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/user/getLangBag', remoteAddress: '10.0.0.1', headers: { 'think-lang': 'zh-cn' } });
      expect(res.json()).toMatchObject({ code: ResponseCode.rateLimited, msg: '请求过于频繁，请稍后再试' });
      expect((await limited.app.inject({ method: 'GET', url: '/user/getLangBag', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);

      // An IPv6 client holds a whole /64: changing the last half of its address does not reset its count; another network counts apart.
      const six: number[] = [];
      for (let i = 1; i <= 7; i++) six.push((await limited.app.inject({ method: 'GET', url: '/user/getLangBag', remoteAddress: `2001:db8:77:5:${i.toString(16)}::${i}` })).statusCode);
      expect(six).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect((await limited.app.inject({ method: 'GET', url: '/user/getLangBag', remoteAddress: '2001:db8:77:6::1' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
