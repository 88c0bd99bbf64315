import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

// The shop as `npm start` runs it in development, behind a proxy whose forwarded address it trusts.
let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-outbox-test-'));
beforeAll(async () => {
  t = await buildTestApp({ NODE_ENV: 'development', TRUST_PROXY: 'true', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' });
  await t.app.inject({ method: 'POST', url: '/user/send_code', remoteAddress: '10.0.0.9', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ type: 'register', email: 'outbox-reader@example.com' }) });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/dev/outbox?to=outbox-reader@example.com', remoteAddress, headers });

describe('the development outbox', () => {
  it('lists the codes to this machine only', async () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(local);
      expect(res.statusCode, local).toBe(200);
      expect(res.json().data[0].code, local).toMatch(/^\d{6}$/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('does not exist for anyone else, even one who claims a loopback address through the proxy', async () => {
    for (const [remote, headers] of [['192.168.1.20', {}], ['10.0.0.7', { 'x-forwarded-for': '127.0.0.1' }]] as const) {
      const res = await outbox(remote, headers);
      expect(res.statusCode, remote).toBe(404);
      expect(res.json()).toMatchObject({ code: ResponseCode.notFound, data: null });
      expect(res.body).not.toContain('outbox-reader');
    }
  });

  it('does not exist for a request that came through a proxy on this machine, whatever the proxy says', async () => {
    // A reverse proxy on this machine connects from loopback for everyone on the network.
    const proxied: Array<Record<string, string>> = [
      { 'x-forwarded-for': '192.168.1.20' },
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { via: '1.1 nginx' },
      // Proxies and CDNs that name the client in a header of their own.
      { 'x-client-ip': '127.0.0.1' },
      { 'true-client-ip': '127.0.0.1' },
      { 'cf-connecting-ip': '127.0.0.1' },
      { 'x-forwarded-host': 'shop.example.com' },
    ];
    for (const headers of proxied) {
      for (const local of ['127.0.0.1', '::1']) {
        const res = await outbox(local, headers);
        expect(res.statusCode, `${local} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json()).toMatchObject({ code: ResponseCode.notFound, data: null });
        expect(res.body).not.toContain('outbox-reader');
      }
    }
    // The same machine without a proxy still reads its codes.
    expect((await outbox('127.0.0.1')).statusCode).toBe(200);
  });

  it('answers only this machine in every mode but production, where it does not exist', async () => {
    const other = await buildTestApp({ NODE_ENV: 'test' });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.0.0.7' } })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
