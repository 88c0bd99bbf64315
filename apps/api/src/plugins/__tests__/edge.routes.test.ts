import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { BASE_SECURITY_HEADERS } from '../security.js';

let t: TestApp;
let member: { token: string };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  await seedDemo(t);
  member = await registerMember(t, { password: 'Edge: seven quiet harbours 2026' });
});
afterAll(() => t.close());

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
};

describe('unstorable characters are refused at the edge, on every route', () => {
  it('refuses a NUL in a query, a body or a key of a contract call with 422, naming the field in the member’s language', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/shop/goods/list?keyword=%00', headers: { 'think-lang': 'zh-cn' } });
    expect(list.statusCode).toBe(422);
    expect(list.json()).toMatchObject({ code: ResponseCode.validation, msg: expect.stringContaining('无法使用的字符') });

    const login = await call(t, 'POST', '/user/no_auth/login', { account: 'demo001\u0000', password: 'x' });
    expect(login.status).toBe(422);
    expect(login.body.data.errors[0].field).toBe('account');

    const nested = await call(t, 'POST', '/user/info/save', { nickname: 'ok', 'x\u0000': 1 }, { token: member.token });
    expect(nested.status).toBe(422);
    // Other controls are refused the same way; tab, line feed and carriage return stay allowed.
    const bell = await call(t, 'POST', '/user/info/save', { nickname: 'ring\u0007' }, { token: member.token });
    expect(bell.status).toBe(422);
    const multiline = await call(t, 'POST', '/user/info/save', { nickname: 'two\tparts' }, { token: member.token });
    expect(multiline.status).not.toBe(422);
  });

  it('refuses them on the routes outside the contract: the outbox, the slider, uploads and demo images', async () => {
    for (const url of ['/dev/outbox?to=%00', '/uploads/a.png?width=1%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code, url).toBe(ResponseCode.validation);
      expectSecurityHeaders(res.headers);
    }
    // A file path holding one is simply a file that is not there.
    for (const url of ['/uploads/2026/11/a%00b.png', '/media/demo/poster%00.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expectSecurityHeaders(res.headers);
    }
    const slider = await call(t, 'POST', '/captcha/verify', { id: 'a\u0000', x: 1 });
    expect(slider.status).toBe(422);
  });

  it('refuses a NUL in a multipart field or file name of an upload, and stores nothing', async () => {
    const boundary = '----edgeBoundary';
    const body = (token: string, filename: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--${boundary}--\r\n`,
        'latin1',
      );
    const before = await t.db.selectFrom('uploads').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [token, filename] of [['tok\u0000en', 'a.png'], ['token', 'a\u0000.png']] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/upload2',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body(token, filename),
      });
      expect(res.statusCode, `${JSON.stringify(token)} ${JSON.stringify(filename)}`).toBe(422);
    }
    const after = await t.db.selectFrom('uploads').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('framework errors answer with the envelope and the same headers', () => {
  it('answers a URL that does not decode with a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/goods/list/%E0%A4%A', headers: { 'think-lang': 'jp' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ResponseCode.badRequest, msg: 'リクエストが無効です', data: null });
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a path parameter too long with a 414 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media/demo/${'a'.repeat(500)}.png` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: ResponseCode.badRequest, data: null });
    expectSecurityHeaders(res.headers);
  });

  it('answers an unsupported method, an unknown path and a wrong content type with the envelope', async () => {
    const answers = [
      await t.app.inject({ method: 'DELETE', url: '/shop/goods/list' }),
      await t.app.inject({ method: 'PROPFIND', url: '/user/info/index' }),
      await t.app.inject({ method: 'GET', url: '/no/such/page' }),
      await t.app.inject({ method: 'POST', url: '/user/no_auth/login', headers: { 'content-type': 'application/xml' }, payload: '<account>demo001</account>' }),
      await t.app.inject({ method: 'POST', url: '/user/no_auth/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' }),
      await t.app.inject({ method: 'POST', url: '/user/no_auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }) }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 415, 422, 413]);
    for (const a of answers) {
      expect(Object.keys(a.json()).sort()).toEqual(['code', 'data', 'msg']);
      expectSecurityHeaders(a.headers);
      expect(a.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a body too large with its own code and words, and text that is not JSON as any body of the wrong form', async () => {
    const login = (payload: string, lang = 'en-us') => t.app.inject({ method: 'POST', url: '/user/no_auth/login', headers: { 'content-type': 'application/json', 'think-lang': lang }, payload });
    const big = await login(JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: ResponseCode.payloadTooLarge, msg: 'The request is too large', data: null });
    expect((await login(JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }), 'zh-cn')).json().msg).toBe('请求内容过大');

    // An array is JSON of the wrong form; text that does not parse gets the same answer, in the member's language.
    const array = await login('[1, 2]');
    expect(array.statusCode).toBe(422);
    expect(array.json()).toMatchObject({ code: ResponseCode.validation, msg: 'The request is not in the expected form: send its fields as JSON' });
    for (const payload of ['{not json', '{"account":']) {
      const res = await login(payload);
      expect(res.statusCode, payload).toBe(422);
      expect(res.json(), payload).toEqual(array.json());
    }
    expect((await login('{not json', 'jp')).json().msg).toBe((await login('[1, 2]', 'jp')).json().msg);
  });

  describe('on a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /** Sends raw bytes and reads the whole answer until the server closes the connection. */
    const raw = (bytes: string) =>
      new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (d) => (data += d.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = data.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
        });
        socket.end(bytes);
      });

    it('answers headers too large (431) with the envelope and the security headers, then keeps serving', async () => {
      const res = await raw(`GET /web/version HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({ code: ResponseCode.badRequest, msg: 'The request is not valid', data: null });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectSecurityHeaders(res.headers);
      const next = await fetch(`http://127.0.0.1:${port}/health`);
      expect(next.status).toBe(200);
    });

    it('answers a broken request line (400) with the envelope and the security headers', async () => {
      const res = await raw('THIS IS NOT HTTP\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).code).toBe(ResponseCode.badRequest);
      expectSecurityHeaders(res.headers);
    });
  });
});

describe('answers with member data are never stored', () => {
  it('marks member answers, session answers and errors no-store, and leaves a visitor’s public reads alone', async () => {
    const profile = await call(t, 'GET', '/user/info/index', undefined, { token: member.token });
    expect(profile.body.code).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');

    // A public read answered for a logged-in member may carry their flags (likes, share code).
    const asMember = await call(t, 'GET', '/shop/share/shareInfo', undefined, { token: member.token });
    expect(asMember.headers['cache-control']).toBe('no-store');

    const login = await call(t, 'POST', '/user/no_auth/login', { account: 'demo001', password: 'wrong password' });
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await call(t, 'GET', '/user/info/index');
    expect(refused.body.code).toBe(ResponseCode.loginRequired);
    expect(refused.headers['cache-control']).toBe('no-store');

    const home = await call(t, 'GET', '/attractive/page/indexApiData');
    expect(home.body.code).toBe(200);
    expect(home.headers['cache-control']).toBeUndefined();
  });
});
