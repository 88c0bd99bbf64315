import { createHash } from 'node:crypto';
import type { FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from './gateway.js';

// What the local fakes of the Asian gateways (2C2P, WeChat Pay, Alipay, CTBC) share: delivery of
// notifications under the switches, the hosted page where a developer decides a payment, the
// browser's way back, and reading a fake's request.

/** Posts a notification over HTTP (development); tests pass their own delivery. */
export const httpDelivery: NotificationDelivery = async (url, headers, body) => {
  try {
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

/** One notification as a fake built it. */
export interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a fake's notifications as the switches say: `duplicates` copies of each, none when
 * `silent`, held back and sent newest first at `flush()` when `outOfOrder`.
 */
export class Notifier {
  private held: Outgoing[] = [];
  /** Statuses the shop answered, newest last (for the fakes' own tests and the developer page). */
  readonly answers: number[] = [];

  constructor(private readonly deliver: NotificationDelivery) {}

  async send(n: Outgoing, switches: FakeNotificationSwitches): Promise<void> {
    if (switches.silent) return;
    if (switches.outOfOrder) {
      this.held.push(n);
      return;
    }
    for (let i = 0; i < Math.max(1, Math.min(switches.duplicates ?? 1, 100)); i++) this.answers.push(await this.deliver(n.url, n.headers, n.body));
  }

  async flush(switches: FakeNotificationSwitches): Promise<void> {
    const held = this.held.reverse();
    this.held = [];
    for (const n of held) await this.send(n, { ...switches, outOfOrder: false });
  }
}

/**
 * What one payment's hosted page offers beyond the common switches: the amount charged (a "report
 * another amount" switch reports one `step` less, the smallest amount its wire carries), the
 * currency charged when the gateway's notification names one, and how old a "stale" notification
 * must be to fall outside that gateway's own tolerance.
 */
export interface PageSwitches {
  amountMinor: number;
  /** Minor units of the smallest step on the wire (CTBC: whole dollars, 100). */
  step?: number;
  /** Undefined when the gateway's notification names no currency (Alipay, CTBC take one currency only). */
  currency?: string;
  /** Default 600 s: past the 5 minutes of Stripe, Airwallex and WeChat Pay. */
  staleSeconds?: number;
}

/** A currency other than `currency`, for the "report another currency" switch. */
const otherCurrency = (currency: string) => (currency.toUpperCase() === 'USD' ? 'SGD' : 'USD');

/** Reads switches a developer ticked on the hosted page, over the fake's own. */
export function switchesFromForm(form: URLSearchParams, base: FakeNotificationSwitches, page?: PageSwitches): FakeNotificationSwitches {
  const on = (k: string) => ['on', '1', 'true'].includes(form.get(k) ?? '');
  const n = Number(form.get('duplicates') ?? '');
  const step = page?.step ?? 1;
  return {
    ...base,
    ...(Number.isSafeInteger(n) && n > 1 ? { duplicates: Math.min(n, 50) } : {}),
    ...(on('outOfOrder') ? { outOfOrder: true } : {}),
    ...(on('stale') ? { staleSeconds: page?.staleSeconds ?? 600 } : {}),
    ...(on('silent') ? { silent: true } : {}),
    ...(on('otherMerchant') ? { otherMerchant: true } : {}),
    // A mismatch: the gateway reports money the payment did not ask for, which the shop must not take as paid.
    ...(on('amountMismatch') && page ? { amountMinor: page.amountMinor > step ? page.amountMinor - step : page.amountMinor + step } : {}),
    ...(on('currencyMismatch') && page?.currency ? { currency: otherCurrency(page.currency) } : {}),
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (body: string, status = 200): PlainResponse => ({ status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body });

/** The hosted page: the payment's facts and three buttons (pay, fail, cancel) posting to `action`, with the notification switches. */
export function sandboxPage(o: { gateway: string; action: string; hidden: Record<string, string>; facts: [string, string][]; switches?: PageSwitches }): PlainResponse {
  const hidden = Object.entries(o.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const facts = o.facts.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  const stale = o.switches?.staleSeconds ?? 600;
  const mismatch = o.switches
    ? `<fieldset><legend>Mismatch (the shop must flag it and leave the order unpaid)</legend>
<label><input type="checkbox" name="amountMismatch"> report another amount than the one charged</label><br>${
        o.switches.currency ? `\n<label><input type="checkbox" name="currencyMismatch"> report ${esc(otherCurrency(o.switches.currency))} instead of ${esc(o.switches.currency)}</label><br>` : ''
      }</fieldset>`
    : '';
  return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(o.gateway)} sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}table{width:100%;margin:1rem 0}th{text-align:left;color:#555}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem}fieldset{margin-top:1rem;font-size:.9rem}</style></head>
<body><h1>${esc(o.gateway)} sandbox</h1><p>No money moves here. Decide how this payment ends.</p><table>${facts}</table>
<form method="post" action="${esc(o.action)}">${hidden}
<button name="choice" value="pay" data-choice="pay">Pay</button><button name="choice" value="fail" data-choice="fail">Fail</button><button name="choice" value="cancel" data-choice="cancel">Cancel</button>
<fieldset><legend>Notifications</legend>
<label><input type="number" name="duplicates" min="1" max="50" value="1"> copies of each</label><br>
<label><input type="checkbox" name="outOfOrder"> hold, then send newest first</label><br>
<label><input type="checkbox" name="stale"> stale timestamp (${stale} s old)</label><br>
<label><input type="checkbox" name="silent"> send none (the shop must inquire)</label><br>
<label><input type="checkbox" name="otherMerchant"> about another merchant's account (the shop must refuse it)</label></fieldset>${mismatch}</form></body></html>`);
}

/**
 * What a provider's cashier shows for a payment it no longer takes (closed by the merchant, or paid
 * already): its code and words, nothing charged, nothing notified, and a way back when it knows one.
 */
export function refusedPage(o: { gateway: string; code: string; message: string; back?: string }): PlainResponse {
  const back = o.back && /^https?:\/\//.test(o.back) ? `<p><a href="${esc(o.back)}">Back to the shop</a></p>` : '';
  return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(o.gateway)} sandbox</title></head>
<body><h1>${esc(o.gateway)} sandbox</h1><p data-refused="${esc(o.code)}">${esc(o.code)}: ${esc(o.message)}</p><p>Nothing was charged.</p>${back}</body></html>`, 409);
}

const AUTO_POST_SCRIPT = "document.getElementById('f').submit()";
/** The shop's own policy runs no script at all: this page allows its one script, by its hash. */
const AUTO_POST_POLICY = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(AUTO_POST_SCRIPT).digest('base64')}'; frame-ancestors 'none'`;

/** A page that posts `fields` to `action` at once (gateways that return the browser by a form post). */
export function autoPostPage(action: string, fields: Record<string, string>): PlainResponse {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const page = html(`<!doctype html><html><head><meta charset="utf-8"><title>Returning to the shop</title></head><body><form id="f" method="post" action="${esc(action)}">${inputs}<noscript><button>Continue</button></noscript></form><script>${AUTO_POST_SCRIPT}</script></body></html>`);
  return { ...page, headers: { ...page.headers, 'content-security-policy': AUTO_POST_POLICY } };
}

export const notFound = (what: string): PlainResponse => ({ status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `${what} not found` });
export const redirect = (location: string): PlainResponse => ({ status: 303, headers: { location } });
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}): PlainResponse => ({ status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Adds query parameters to a return address, inside the hash route when it has one (the app is hash-routed). */
export function withParams(url: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  const hash = url.indexOf('#');
  const target = hash >= 0 ? url.slice(hash) : url;
  const joined = `${target}${target.includes('?') ? '&' : '?'}${q}`;
  return hash >= 0 ? `${url.slice(0, hash)}${joined}` : joined;
}

/** A fake request's path (without the query) and query. */
export function splitUrl(req: FakeRequest): { path: string; query: URLSearchParams } {
  const u = new URL(req.url, 'http://fake.local');
  return { path: u.pathname, query: u.searchParams };
}

export const header = (h: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export const randomHex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');

/** Major units for a developer's eyes on the hosted page. */
export const shownAmount = (minor: number, currency: string, exp: number) => `${currency} ${exp ? `${Math.floor(minor / 10 ** exp)}.${String(minor % 10 ** exp).padStart(exp, '0')}` : minor}`;

/** One HTTP exchange as an adapter makes it. */
export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export type HttpClient = (call: HttpCall) => Promise<HttpAnswer>;

// Fakes built in this process, by the address they are mounted at. A sandbox adapter calling that
// address reaches its fake directly with the same bytes (no socket): the shop's own server need not
// be listening (tests drive it with inject) and a call never leaves the machine.
const localFakes = new Map<string, { handle(req: FakeRequest): Promise<PlainResponse> }>();

export function registerLocalFake(baseUrl: string, fake: { handle(req: FakeRequest): Promise<PlainResponse> }): void {
  // The registry never builds a fake in production; this is the last line if something else tried.
  if (process.env.NODE_ENV === 'production') throw new Error('payment sandboxes do not exist in production');
  localFakes.set(baseUrl.replace(/\/+$/, ''), fake);
}

/** The adapters' HTTP client: a local fake when one is mounted at the address, the network otherwise. */
export const httpClient: HttpClient = async (call) => {
  for (const [base, fake] of localFakes) {
    if (call.url === base || call.url.startsWith(`${base}/`) || call.url.startsWith(`${base}?`)) {
      const res = await fake.handle({ method: call.method, url: call.url.slice(base.length) || '/', headers: Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k.toLowerCase(), v])), rawBody: Buffer.from(call.body ?? '') });
      return { status: res.status, headers: Object.fromEntries(Object.entries(res.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])), body: res.body === undefined ? '' : res.body.toString() };
    }
  }
  const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal: AbortSignal.timeout(20_000), redirect: 'manual' });
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: await res.text() };
};

/** A gateway answered something the adapter cannot use: the caller retries or inquires later. */
export class GatewayError extends Error {
  constructor(
    readonly gateway: string,
    message: string,
    readonly code?: string,
  ) {
    super(`${gateway}: ${message}`);
    this.name = 'GatewayError';
  }
}

/** PEM keys in one-line environment variables carry `\n` escapes. */
export const pem = (v: string | undefined) => (v ?? '').replace(/\\n/g, '\n');
