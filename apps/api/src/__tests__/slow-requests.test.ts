import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

// Short limits so the test sees them act; the defaults (30 s for calls, 300 s for uploads) are the same code.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS: '8', RATE_LIMIT_PER_MINUTE: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface Trickle {
  /** Everything the server wrote back. */
  received: () => string;
  /** Resolves once the server has closed the connection; with how many body bytes had been sent. */
  closed: Promise<number>;
  /** Resolves once the connection is established. */
  connected: Promise<void>;
  stop: () => void;
}

/** Sends `head`, then a body of `length` bytes one byte every 100 ms, as a slowloris client does. */
function trickle(head: string, length: number): Trickle {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (c) => (received += c.toString()));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => {
      if (sent < length && socket.writable) {
        socket.write('x');
        sent++;
      }
    }, 100);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => {
    clearInterval(timer);
    resolve(sent);
  }));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { received: () => received, closed, connected, stop: () => socket.destroy() };
}

/** Fails when `p` has not settled within `ms`: the server never cut the connection. */
const within = <T,>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} still open after ${ms} ms`)), ms).unref())]);

/** A GET on a new connection; resolves with what came back before the server closed it ('' for nothing). */
function freshGet(path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (c) => {
      received += c.toString();
      if (received.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
  });
}

const callHead = (length: number) =>
  `POST /user/no_auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow request bodies', () => {
  it('cuts off a call whose body comes a byte at a time, answering 408 with the envelope, and keeps serving others', async () => {
    const slow = trickle(callHead(500), 500);
    const sent = await within(slow.closed, 10_000, 'the trickling call');
    // 500 bytes at 10 a second would take 50 s: it was closed long before.
    expect(sent).toBeLessThan(500);
    const answer = slow.received();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: ResponseCode.badRequest, data: null });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });

  it('gives an upload longer, but not for ever', async () => {
    const boundary = 'slowBoundary';
    const slow = trickle(`POST /upload2 HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n--${boundary}\r\n`, 100_000);
    const sent = await within(slow.closed, 15_000, 'the trickling upload');
    expect(sent).toBeLessThan(200);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });

  it('holds at most MAX_CONNECTIONS open connections: more are refused while they last, and served once they are gone', async () => {
    const holders = Array.from({ length: 8 }, () => trickle(callHead(1000), 1000));
    // The server accepts connections in the order they arrive: these eight come before the next one.
    await Promise.all(holders.map((h) => h.connected));
    expect(await freshGet('/health')).toBe('');
    await within(Promise.all(holders.map((h) => h.closed)), 10_000, 'the held connections');
    expect(await freshGet('/health')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
