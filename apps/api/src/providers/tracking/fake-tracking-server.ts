import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kuaidi100PushSign, kuaidi100Sign } from './kuaidi100.js';
import { track17PushSign } from './track17.js';

/** One parcel the fake knows: its events oldest first, as a carrier scans them. */
interface FakeParcel {
  delivered: boolean;
  events: Array<{ time: Date; place: string; text: string }>;
}

const chinaTime = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A local stand-in for Kuaidi100 (`POST /poll/query.do`, signed form) and 17TRACK
 * (`POST /track/v2.2/register` and `/gettrackinfo` with the `17token` header) that keeps parcels in
 * memory and answers in each provider's documented format, refusing bad signatures and tokens as
 * they do. For development and tests only: it refuses to start in production.
 */
export async function startFakeTrackingServer(credentials: { kuaidi100: { customer: string; key: string }; track17: { token: string } }) {
  if (process.env.NODE_ENV === 'production') throw new Error('the fake tracking server is not available in production');
  const parcels = new Map<string, FakeParcel>();
  const registered = new Set<string>();
  const subscriptions = new Map<string, { url: string; salt: string }>();
  const calls: string[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
      calls.push(`${req.method} ${req.url}`);
      if (req.method === 'POST' && req.url === '/poll/query.do') {
        const form = new URLSearchParams(raw);
        const param = form.get('param') ?? '';
        if (form.get('customer') !== credentials.kuaidi100.customer || form.get('sign') !== kuaidi100Sign(param, credentials.kuaidi100.key, credentials.kuaidi100.customer)) {
          return send(200, { result: false, returnCode: '601', message: '验证签名失败' });
        }
        const { com, num } = JSON.parse(param) as { com: string; num: string };
        const p = parcels.get(`${com}:${num}`);
        if (!p || !p.events.length) return send(200, { result: false, returnCode: '500', message: '查询无结果,请隔段时间再查' });
        const data = [...p.events].reverse().map((e) => ({ time: chinaTime(e.time), ftime: chinaTime(e.time), context: e.text, location: e.place }));
        return send(200, { message: 'ok', nu: num, ischeck: p.delivered ? '1' : '0', com, status: '200', state: p.delivered ? '3' : '0', condition: 'F00', data });
      }
      if (req.method === 'POST' && req.url === '/poll') {
        // Kuaidi100's subscription: the callback and its salt are kept for the pushes.
        const form = new URLSearchParams(raw);
        const param = JSON.parse(form.get('param') ?? '{}') as { company?: string; number?: string; key?: string; parameters?: { callbackurl?: string; salt?: string } };
        if (param.key !== credentials.kuaidi100.key) return send(200, { result: false, returnCode: '600', message: '您不是合法的订阅者' });
        if (!param.company || !param.number || !param.parameters?.callbackurl) return send(200, { result: false, returnCode: '700', message: '订阅参数错误' });
        const key = `${param.company}:${param.number}`;
        if (subscriptions.has(key)) return send(200, { result: false, returnCode: '501', message: '重复订阅' });
        subscriptions.set(key, { url: param.parameters.callbackurl, salt: param.parameters.salt ?? '' });
        return send(200, { result: true, returnCode: '200', message: '提交成功' });
      }
      if (req.method === 'POST' && (req.url === '/track/v2.2/register' || req.url === '/track/v2.2/gettrackinfo')) {
        if (req.headers['17token'] !== credentials.track17.token) return send(401, { code: -18010002, data: { errors: [{ code: -18010002, message: 'Invalid access key.' }] } });
        const items = JSON.parse(raw) as Array<{ number: string }>;
        const accepted: unknown[] = [];
        const rejected: unknown[] = [];
        for (const item of items) {
          if (req.url.endsWith('/register')) {
            if (registered.has(item.number)) rejected.push({ number: item.number, error: { code: -18019901, message: 'The tracking number is already registered.' } });
            else {
              registered.add(item.number);
              accepted.push({ number: item.number, carrier: 0 });
            }
            continue;
          }
          if (!registered.has(item.number)) {
            rejected.push({ number: item.number, error: { code: -18019902, message: 'The tracking number is not registered.' } });
            continue;
          }
          const p = parcels.get(`17track:${item.number}`) ?? { delivered: false, events: [] };
          accepted.push({
            number: item.number,
            carrier: 0,
            track_info: {
              latest_status: { status: p.delivered ? 'Delivered' : p.events.length ? 'InTransit' : 'NotFound' },
              tracking: { providers: [{ provider: { key: 0, name: 'Fake post' }, events: [...p.events].reverse().map((e) => ({ time_iso: e.time.toISOString().replace('Z', '+00:00'), description: e.text, location: e.place, stage: '' })) }] },
            },
          });
        }
        return send(200, { code: 0, data: { accepted, rejected } });
      }
      send(404, { message: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const parcel = (key: string) => {
    let p = parcels.get(key);
    if (!p) parcels.set(key, (p = { delivered: false, events: [] }));
    return p;
  };
  return {
    url,
    calls,
    /** A carrier scans a parcel (`kuaidi100` parcels by carrier code, 17TRACK ones by number). */
    scan(provider: 'kuaidi100' | '17track', carrier: string, number: string, event: { time: Date; place: string; text: string; delivered?: boolean }) {
      const p = parcel(provider === '17track' ? `17track:${number}` : `${carrier}:${number}`);
      p.events.push({ time: event.time, place: event.place, text: event.text });
      if (event.delivered) p.delivered = true;
    },
    subscriptions,
    /**
     * Pushes a parcel's state as the provider does: Kuaidi100 to the number's subscribed callback
     * (form `param` + `sign` = MD5(param + salt)), 17TRACK to the webhook set in its console
     * (JSON `{ event, data }`, header `sign` = SHA-256(body + "/" + key)). Answers the shop's reply.
     */
    async push(provider: 'kuaidi100' | '17track', carrier: string, number: string, options: { webhookUrl?: string; badSign?: boolean } = {}) {
      const p = parcel(provider === '17track' ? `17track:${number}` : `${carrier}:${number}`);
      if (provider === 'kuaidi100') {
        const sub = subscriptions.get(`${carrier}:${number}`);
        if (!sub) throw new Error(`${carrier} ${number} is not subscribed`);
        const data = [...p.events].reverse().map((e) => ({ context: e.text, time: chinaTime(e.time), ftime: chinaTime(e.time), areaName: e.place, status: p.delivered ? '签收' : '在途' }));
        const param = JSON.stringify({ status: 'polling', billstatus: 'got', message: '', autoCheck: '0', comOld: '', comNew: '', lastResult: { message: 'ok', state: p.delivered ? '3' : '0', status: '200', condition: 'F00', ischeck: p.delivered ? '1' : '0', com: carrier, nu: number, data } });
        const sign = options.badSign ? kuaidi100PushSign(param, 'wrong-salt') : kuaidi100PushSign(param, sub.salt);
        const res = await fetch(sub.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ param, sign }) });
        return { status: res.status, body: await res.text() };
      }
      const body = JSON.stringify({
        event: 'TRACKING_UPDATED',
        data: {
          number,
          carrier: Number(carrier) || 0,
          param: null,
          tag: null,
          track_info: {
            latest_status: { status: p.delivered ? 'Delivered' : 'InTransit' },
            tracking: { providers: [{ provider: { key: 0, name: 'Fake post' }, events: [...p.events].reverse().map((e) => ({ time_iso: e.time.toISOString().replace('Z', '+00:00'), description: e.text, location: e.place, stage: '' })) }] },
          },
        },
      });
      const sign = track17PushSign(body, options.badSign ? 'wrong-key' : credentials.track17.token);
      const res = await fetch(options.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', sign }, body });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
