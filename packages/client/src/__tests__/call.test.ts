import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerOf, exchange, newIdempotencyKey } from '../call.js';

// A dying API process behind the load balancer: nginx answers its own HTML "502 Bad Gateway" page
// for a call it had already passed on. The apps' calls go through `exchange` and `answerOf`.

const BAD_GATEWAY = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n';

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
}

/** The answers still to give, in turn (the last one again once they run out), and the calls that came. */
let answers: { status: number; type: string; body: string }[] = [];
const seen: Seen[] = [];
let server: http.Server;
let base = '';

const gatewayPage = { status: 502, type: 'text/html', body: BAD_GATEWAY };
const orderPlaced = { status: 200, type: 'application/json', body: JSON.stringify({ code: 200, msg: 'Success', data: { order_id: 41 } }) };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined });
    req.resume();
    req.on('end', () => {
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen.length = 0;
});

const placeOrder = (idempotencyKey?: string) =>
  exchange({
    url: `${base}/shop/buy/createOrder`,
    init: { method: 'POST', headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) }, body: '{"goods_id":3,"num":1}' },
    idempotencyKey,
  });

describe('a call that meets a dying API process (the load balancer answers 502)', () => {
  it('an order placed with its key, answered 502 HTML then the order, is placed: the one key sent twice', async () => {
    answers = [gatewayPage, orderPlaced];
    const key = newIdempotencyKey();
    const answer = await placeOrder(key);
    expect(answerOf(answer.status, answer.payload)).toEqual({ ok: true, data: { order_id: 41 } });
    expect(seen).toEqual([
      { method: 'POST', url: '/shop/buy/createOrder', key },
      { method: 'POST', url: '/shop/buy/createOrder', key },
    ]);
  });

  it('a POST without a key, answered 502, is not sent again (it could run twice) and is no page of HTML', async () => {
    answers = [gatewayPage, orderPlaced];
    const answer = await placeOrder();
    expect(seen).toHaveLength(1);
    const result = answerOf(answer.status, answer.payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // What the apps turn into "service unavailable, try again" in the person's language.
    expect(result.error).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(result.error.message).not.toMatch(/html|nginx|Bad Gateway/i);
  });

  it('a keyed call answered 502, 503 and 504 gives up after the retries, with the last answer for the app to word', async () => {
    answers = [gatewayPage, { status: 503, type: 'application/json', body: '{"code":503,"msg":"Service unavailable","data":null}' }, { status: 504, type: 'text/html', body: '<html>504 Gateway Time-out</html>' }];
    const key = newIdempotencyKey();
    const answer = await placeOrder(key);
    expect(seen.map((s) => s.key)).toEqual([key, key, key]);
    expect(answer.status).toBe(504);
    expect(answerOf(answer.status, answer.payload)).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 504 } });
  });

  it('a read (GET) answered with a page that is not the envelope is asked again', async () => {
    answers = [{ status: 200, type: 'text/html', body: '<html>Please wait</html>' }, { status: 200, type: 'application/json', body: '{"code":200,"msg":"Success","data":{"version":"1.6.7"}}' }];
    const answer = await exchange({ url: `${base}/web/version`, init: { method: 'GET' } });
    expect(answerOf(answer.status, answer.payload)).toEqual({ ok: true, data: { version: '1.6.7' } });
    expect(seen.map((s) => s.url)).toEqual(['/web/version', '/web/version']);
  });

  it("the shop's own refusals are answers, never sent again: a 4xx envelope and a proxy's 413 page", async () => {
    answers = [{ status: 422, type: 'application/json', body: '{"code":422,"msg":"Please enter a quantity","data":null}' }];
    const refused = await placeOrder(newIdempotencyKey());
    expect(answerOf(refused.status, refused.payload)).toMatchObject({ ok: false, error: { kind: 'http', status: 422, message: 'Please enter a quantity' } });
    answers = [{ status: 413, type: 'text/html', body: '<html>413 Request Entity Too Large</html>' }];
    const tooLarge = await placeOrder(newIdempotencyKey());
    expect(answerOf(tooLarge.status, tooLarge.payload)).toMatchObject({ ok: false, error: { kind: 'http', status: 413 } });
    expect(seen).toHaveLength(2);
  });
});
