import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoint, ResponseCode } from '@shop/contract';
import { call, resetRequestState } from '@/lib/request';
import { hideBlockingLoading } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { useRegion } from '@/stores/region';
import { useLanguage } from '@/stores/language';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';

let transferTries = 0;
const api = await startFakeApi({
  '/test/money/send': () => ok({ id: 1 }),
  '/test/card/add': () => ok({ id: 2 }),
  // The first try is still being processed when the second arrives; then the answer is ready.
  '/test/order/pay': () =>
    ++transferTries === 1 ? { status: 409, json: { code: ResponseCode.requestInProgress, msg: 'This request is still being processed', data: null } } : ok({ paid: true }),
});

// Calls declared for this test (the client's behaviour, not any one area's answers): an idempotent one carries a key.
const transfer = endpoint({ method: 'POST', path: '/test/money/send', auth: 'member', area: 'wallet', idempotent: true });
const payOrder = endpoint({ method: 'POST', path: '/test/order/pay', auth: 'member', area: 'orders', idempotent: true });
const addBankCard = endpoint({ method: 'POST', path: '/test/card/add', auth: 'member', area: 'wallet' });
const keyOf = (i: number) => api.requests[i]!.headers['idempotency-key'];

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  useSession.getState().signIn('tok-123', memberFixture({ user_name: 'alice' }));
  useRegion.setState({ clientIp: '', areaName: '' });
  useLanguage.setState({ lang: 'en-us' });
  api.requests.length = 0;
  transferTries = 0;
  resetRequestState();
});
afterEach(async () => {
  hideBlockingLoading();
  await clearToasts();
});

describe('Idempotency-Key on calls that move value', () => {
  it('each user action sends a fresh key; calls that move nothing send none', async () => {
    await call(transfer, { to: 'bob', amount: 100 } as never);
    await call(transfer, { to: 'bob', amount: 100 } as never);
    await call(addBankCard, {} as never);
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeUndefined();
  });

  it('a member retrying the same action by hand sends the same key again', async () => {
    await call(transfer, { to: 'bob', amount: 100 } as never, { idempotencyKey: 'action-7f3a9c11' });
    await call(transfer, { to: 'bob', amount: 100 } as never, { idempotencyKey: 'action-7f3a9c11' });
    expect([keyOf(0), keyOf(1)]).toEqual(['action-7f3a9c11', 'action-7f3a9c11']);
  });

  it('asks again with the same key while the first try is still in progress, and gets its answer', async () => {
    await expect(call(payOrder, { order_id: 5 } as never)).resolves.toEqual({ paid: true });
    expect(api.requests).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(api.requests[1]!.body).toBe(api.requests[0]!.body);
  });

  it('sends it again with the same key when the connection drops before an answer', async () => {
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers['idempotency-key'] as string | undefined);
      req.resume();
      // The first connection dies before any answer, as on a phone changing networks.
      if (seen.length === 1) return void req.socket.destroy();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"msg":"Success","data":{"id":9}}'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      window.SHOP_CONFIG = { api: { default: url, cn: url } };
      await expect(call(transfer, { to: 'bob', amount: 5 } as never)).resolves.toEqual({ id: 9 });
      expect(seen).toHaveLength(2);
      expect(seen[1]).toBe(seen[0]);
      expect(seen[0]).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
