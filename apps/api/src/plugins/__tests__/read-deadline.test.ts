import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';

// The database stops answering (here: every connection of the pool held by something else): a
// member's read answers 503 within the read deadline, not after its statements give up.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ READ_DEADLINE_MS: '1000' });
  await seedDemo(t);
});
afterAll(() => t.close());

describe('a read while the database does not answer', () => {
  it('answers 503 with the envelope in the reader’s language within the deadline, and reads work again after', async () => {
    const m = await registerMember(t);
    const read = () => t.app.inject({ method: 'GET', url: '/user/info/index', headers: { authorization: `Bearer ${m.token}`, 'think-lang': 'zh-cn' } });
    expect((await read()).json().code).toBe(200);

    let release!: () => void;
    const freed = new Promise<void>((r) => (release = r));
    // Every connection of the pool (4 in tests) busy until released.
    const held = Array.from({ length: 4 }, () => t.db.connection().execute(() => freed));
    try {
      const started = Date.now();
      const res = await read();
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: ResponseCode.serviceUnavailable, data: null });
      expect(res.json().msg).not.toBe('The service is busy, please try again later');
      expect(res.headers['retry-after']).toBe('2');
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(3_000);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await read()).json().code).toBe(200);
  });

  it('answers 503 to each read of one connection, two sent at once (pipelined) and one after, and the connection serves reads after', async () => {
    const m = await registerMember(t);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    const until = async (count: number) => {
      const limit = Date.now() + 5_000;
      while (statuses().length < count && Date.now() < limit) await new Promise((r) => setTimeout(r, 20));
      return statuses();
    };
    const read = `GET /user/info/index HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${m.token}\r\nthink-lang: en-us\r\n\r\n`;
    let release!: () => void;
    const freed = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: 4 }, () => t.db.connection().execute(() => freed));
    try {
      const started = Date.now();
      socket.write(read + read);
      expect(await until(2)).toEqual([503, 503]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      socket.write(read);
      expect(await until(3)).toEqual([503, 503, 503]);
    } finally {
      release();
      await Promise.all(held);
    }
    socket.write(read);
    expect(await until(4)).toEqual([503, 503, 503, 200]);
    socket.destroy();
  });

  it('leaves a write waiting past the deadline alone: it answers once the database does, and what it saved is there', async () => {
    const m = await registerMember(t);
    const headers = { authorization: `Bearer ${m.token}`, 'think-lang': 'en-us', 'content-type': 'application/json' };
    let release!: () => void;
    const freed = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: 4 }, () => t.db.connection().execute(() => freed));
    const write = t.app.inject({ method: 'POST', url: '/user/info/save', headers, payload: { nickname: 'Waited' } });
    let answered = false;
    void write.then(() => (answered = true));
    try {
      // Past the deadline and a sweep: a read would have had its 503 by now.
      await new Promise((r) => setTimeout(r, 1_600));
      expect(answered).toBe(false);
    } finally {
      release();
      await Promise.all(held);
    }
    const res = await write;
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/user/info/index', headers });
    expect(info.json().data.nickname).toBe('Waited');
  });
});
