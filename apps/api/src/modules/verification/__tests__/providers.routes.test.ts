import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';

/** A tiny SMTP server speaking enough of RFC 5321 for one client: it keeps what it is sent. */
function fakeSmtpServer() {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake.smtp ESMTP ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else mail.data += line.replace(/^\./, '') + '\n';
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  return { server, received };
}

/** An SMS gateway: accepts `{ to, text }` with the bearer token, or fails when told to. */
function fakeSmsGateway() {
  const received: Array<{ auth: string | undefined; body: { to: string; text: string } }> = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (failing) return res.writeHead(503).end('down');
      received.push({ auth: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, received, fail: (v: boolean) => (failing = v) };
}

const listen = (s: net.Server) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));

const toClose: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of toClose) await c();
});

describe('mail through SMTP', () => {
  it('delivers the code to the SMTP server, localized, and keeps nothing in the outbox', async () => {
    const smtp = fakeSmtpServer();
    const port = await listen(smtp.server);
    const t: TestApp = await buildTestApp({ MAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Shop <no-reply@shop.test>' });
    toClose.push(async () => { await t.close(); smtp.server.close(); });
    const res = await call(t, 'POST', '/user/send_code', { type: 'register', email: 'smtp-user@example.com' }, { ip: freshIp(), lang: 'zh-cn' });
    expect(res.body.code).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to[0]).toContain('smtp-user@example.com');
    expect(smtp.received[0]!.from).toContain('no-reply@shop.test');
    const [, body = ''] = smtp.received[0]!.data.split('\n\n');
    expect(Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')).toMatch(/^您的验证码是\d{6}，10分钟内有效。/);
    expect(await t.db.selectFrom('outbox_messages').selectAll().execute()).toHaveLength(0);
  });

  it('answers "could not be sent" when the SMTP server is unreachable, and lets the member retry at once', async () => {
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const t = await buildTestApp({ MAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` });
    toClose.push(() => t.close());
    const ip = freshIp();
    const res = await call(t, 'POST', '/user/send_code', { type: 'register', email: 'nobody@example.com' }, { ip });
    expect(res.body.code).toBe(ResponseCode.messageNotSent);
    const again = await call(t, 'POST', '/user/send_code', { type: 'register', email: 'nobody@example.com' }, { ip });
    expect(again.body.code).toBe(ResponseCode.messageNotSent);
  });
});

describe('SMS through the HTTP gateway', () => {
  it('posts the code to the gateway with its token, and reports a gateway failure', async () => {
    const gw = fakeSmsGateway();
    const port = await listen(gw.server);
    const t = await buildTestApp({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `http://127.0.0.1:${port}/send`, SMS_HTTP_TOKEN: 'gateway-secret' });
    toClose.push(async () => { await t.close(); gw.server.close(); });
    const res = await call(t, 'POST', '/user/send_code', { type: 'register', mobile_pre: '60', mobile: '123456780' }, { ip: freshIp() });
    expect(res.body.code).toBe(200);
    expect(gw.received).toEqual([{ auth: 'Bearer gateway-secret', body: { to: '+60123456780', text: expect.stringMatching(/Your verification code is \d{6}\./) } }]);
    gw.fail(true);
    const failed = await call(t, 'POST', '/user/send_code', { type: 'register', mobile_pre: '60', mobile: '123456781' }, { ip: freshIp() });
    expect(failed.body.code).toBe(ResponseCode.messageNotSent);
  });
});
