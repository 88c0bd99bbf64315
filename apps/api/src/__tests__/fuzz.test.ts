import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allEndpoints, ResponseCode, type AnyEndpoint } from '@shop/contract';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { BASE_SECURITY_HEADERS } from '../plugins/security.js';
import { registerMember, seedDemo } from '../modules/accounts/__tests__/account-helpers.js';
import { seedCatalogueDemo } from '../modules/catalogue/demo/demo.seed.js';

/**
 * Hostile input against every call of the contract, as a visitor and as a member: whatever is sent,
 * the answer is the envelope with the security headers, never a 500, and the app keeps answering.
 * The inputs are drawn from a fixed seed, so a failure is the same on every run.
 */

// A small deterministic generator (mulberry32): the same sequence of cases on every run.
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

type Def = { type: string; [k: string]: any };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The object shape behind wrappers (optional, pipes, unions …), or none. */
function shapeOf(schema: unknown): Record<string, z.ZodType> {
  const d = defOf(schema);
  if (!d) return {};
  switch (d.type) {
    case 'object':
      return d.shape as Record<string, z.ZodType>;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return shapeOf(d.innerType);
    case 'pipe':
      return shapeOf(d.in);
    case 'union':
      return Object.assign({}, ...(d.options as unknown[]).map(shapeOf));
    case 'intersection':
      return { ...shapeOf(d.left), ...shapeOf(d.right) };
    default:
      return {};
  }
}

/** Values that pass the contract's refinements for fields known by name (the generator cannot read refinements). */
const BY_NAME: Record<string, unknown> = {
  email: 'fuzz.member@example.com',
  mobile: '13800138000',
  mobile_pre: '86',
  code: '123456',
  google_code: '123456',
  password: 'Fuzz: a long enough phrase 2026',
  password_confirm: 'Fuzz: a long enough phrase 2026',
  old_password: 'Fuzz: seven quiet harbours 2026',
  user_name: 'fuzzuser2026',
  account: 'fuzzuser2026',
  birthday: '1990-01-01',
  country: 'MY',
  invite_code: 'DEMO2026',
  avatar: '',
};

/** A plausible value for a schema, so that one hostile field gets past the others to the handler. */
function plausible(schema: unknown, depth = 0, name = ''): unknown {
  const d = defOf(schema);
  if (!d || depth > 4) return undefined;
  if (name in BY_NAME && ['string', 'pipe', 'optional', 'default', 'nullable'].includes(d.type)) return BY_NAME[name];
  const checks = ((d.checks ?? []) as { _zod: { def: Record<string, unknown> } }[]).map((c) => c._zod.def);
  switch (d.type) {
    case 'string': {
      const format = checks.find((c) => c.check === 'string_format')?.format;
      if (format === 'email') return 'fuzz@example.com';
      if (format === 'url') return 'https://example.com/a.png';
      const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 1);
      return '1'.repeat(Math.max(1, Math.min(min, 64)));
    }
    case 'number':
    case 'bigint':
      return Number(checks.find((c) => c.check === 'greater_than')?.value ?? 1) || 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'array':
      return [plausible(d.element, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(d.shape as Record<string, unknown>).map(([k, v]) => [k, plausible(v, depth + 1, k)]));
    case 'union':
      return plausible((d.options as unknown[])[0], depth + 1, name);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return plausible(d.innerType, depth + 1, name);
    case 'pipe':
      return plausible(d.in, depth + 1, name);
    case 'record':
      return {};
    default:
      return '1';
  }
}

const WRONG_TYPES: readonly unknown[] = [12345, 'text', true, null, {}, [], [1, 2], { $gt: '' }, ['a', { b: 1 }]];
const HUGE_NUMBERS: readonly unknown[] = [1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 31, 2 ** 53 + 1, -0, 0.1, 'NaN', 'Infinity', '-0', '1e308', '9223372036854775808', '0x10', ' 1 '];
const CONTROL_TEXTS: readonly string[] = ['a\u0000b', '\u0000', '\u0007bell', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'half\ud800'];
const TWO_MB_BODY = JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) });
const LONG_TEXTS: readonly string[] = ['x'.repeat(10_000), '😀'.repeat(500), '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', '%00', '{{field}}'];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

// Long and unusual, so no password policy refuses it.
const MEMBER_PASSWORD = 'Fuzz: seven quiet harbours 2026';
let t: TestApp;
let member: { token: string };
let requests = 0;
let clientCounter = 0;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  await seedDemo(t);
  // Goods, news and comments exist, so plausible ids reach the handlers' deeper paths.
  await seedCatalogueDemo(t.deps);
  member = await registerMember(t, { password: MEMBER_PASSWORD });
});
afterAll(() => t?.close());

/** One request, from its own client address so per-address limits do not hide the handlers. */
async function send(method: string, url: string, o: { token?: string; payload?: string | Buffer; contentType?: string; lang?: string } = {}): Promise<Answer> {
  requests++;
  const n = ++clientCounter;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.contentType ? { 'content-type': o.contentType } : {}),
      ...(o.lang ? { 'think-lang': o.lang } : {}),
    },
    ...(o.payload !== undefined ? { payload: o.payload } : {}),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

/** What every answer must be: the envelope, the security headers, never a server error; member answers are not stored. */
function expectEnvelope(what: string, a: Answer, noStore: boolean): { code: number; msg: string; data: unknown } {
  const where = `${what} → HTTP ${a.status} ${a.body.slice(0, 300)}`;
  // Checked plainly and asserted once per answer: thousands of answers, each with a dozen checks.
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`status ${a.status}`);
  if (!/^application\/json/.test(String(a.headers['content-type']))) problems.push(`content-type ${a.headers['content-type']}`);
  let body: { code: number; msg: string; data: unknown };
  try {
    body = JSON.parse(a.body) as typeof body;
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  const keys = Object.keys(body ?? {}).sort().join(',');
  if (keys !== 'code,data,msg') problems.push(`keys ${keys}`);
  if (typeof body.code !== 'number') problems.push(`code ${JSON.stringify(body.code)}`);
  if (body.code === ResponseCode.internal) problems.push('code internal');
  if (!(typeof body.msg === 'string' && body.msg.length > 0)) problems.push('no msg');
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (a.headers[name] !== value) problems.push(`${name}: ${a.headers[name]}`);
  if ((noStore || body.code !== 200) && a.headers['cache-control'] !== 'no-store') problems.push(`cache-control: ${a.headers['cache-control']}`);
  expect(problems, where).toEqual([]);
  return body;
}

/** The query string of a GET: values as the browser would send them (arrays repeat the key). */
function queryString(input: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) p.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else p.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The hostile cases of one call: whole-input cases, then each field replaced in a plausible input. */
function casesFor(e: AnyEndpoint, rnd: ReturnType<typeof seeded>) {
  const schema = e.method === 'GET' ? e.query : e.body;
  const base = (plausible(schema) ?? {}) as Record<string, unknown>;
  const fields = Object.keys(shapeOf(schema));
  const cases: { name: string; input?: Record<string, unknown>; rawQuery?: string; raw?: { payload: string | Buffer; contentType?: string }; expectUnstorable?: boolean }[] = [];
  cases.push({ name: 'no input' });
  cases.push({ name: 'plausible input', input: base });
  if (e.method === 'POST') {
    cases.push({ name: 'malformed JSON', raw: { payload: '{"a":', contentType: 'application/json' } });
    cases.push({ name: 'JSON null', raw: { payload: 'null', contentType: 'application/json' } });
    cases.push({ name: 'JSON array', raw: { payload: '[1,2,3]', contentType: 'application/json' } });
    cases.push({ name: 'JSON string', raw: { payload: '"text"', contentType: 'application/json' } });
    cases.push({ name: 'deeply nested JSON', raw: { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' } });
    cases.push({ name: '2 MB body', raw: { payload: TWO_MB_BODY, contentType: 'application/json' } });
    cases.push({ name: 'form body', raw: { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' } });
    cases.push({ name: 'text body', raw: { payload: 'hello', contentType: 'text/plain' } });
    cases.push({ name: 'broken content type', raw: { payload: '{}', contentType: 'application/json; charset=nope; ===' } });
    cases.push({ name: 'NUL in a key', input: { ...base, 'a\u0000b': 1 }, expectUnstorable: true });
    cases.push({ name: 'prototype keys', raw: { payload: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}${Object.keys(base).length ? `,${JSON.stringify(base).slice(1)}` : '}'}`, contentType: 'application/json' } });
  } else {
    cases.push({ name: '2 kB query', input: { ...base, pad: 'y'.repeat(2048) } });
    cases.push({ name: 'broken percent-encoding', rawQuery: '?keyword=%E0%A4%A&page=%ZZ&id=%' });
    cases.push({ name: 'repeated and bracketed keys', rawQuery: `?${fields.map((f) => `${f}=1&${f}=2&${f}[a]=3`).join('&')}&__proto__[admin]=1` });
  }
  for (const field of fields) {
    cases.push({ name: `${field}: NUL`, input: { ...base, [field]: 'a\u0000b' }, expectUnstorable: true });
    // A URL cannot carry an unpaired surrogate (it decodes to U+FFFD): only bodies can.
    cases.push({ name: `${field}: control text`, input: { ...base, [field]: rnd.pick(e.method === 'GET' ? CONTROL_TEXTS.slice(0, -1) : CONTROL_TEXTS) }, expectUnstorable: true });
    for (const value of WRONG_TYPES) cases.push({ name: `${field}: wrong type ${JSON.stringify(value)}`, input: { ...base, [field]: value } });
    for (const value of HUGE_NUMBERS) cases.push({ name: `${field}: number ${JSON.stringify(value)}`, input: { ...base, [field]: value } });
    for (let i = 0; i < 2; i++) cases.push({ name: `${field}: long or odd text`, input: { ...base, [field]: rnd.pick(LONG_TEXTS) } });
  }
  return cases;
}

async function fuzzCall(e: AnyEndpoint, asMember: boolean, rnd: ReturnType<typeof seeded>) {
  for (const c of casesFor(e, rnd)) {
    const once = (token: string | undefined) => {
      if (e.method === 'GET') return send('GET', `${e.path}${c.rawQuery ?? (c.input ? queryString(c.input) : '')}`, { token });
      if (c.raw) return send('POST', e.path, { token, payload: c.raw.payload, contentType: c.raw.contentType });
      return send('POST', e.path, { token, ...(c.input ? { payload: JSON.stringify(c.input), contentType: 'application/json' } : {}) });
    };
    let a = await once(asMember ? member.token : undefined);
    const what = `${asMember ? 'member' : 'visitor'} ${e.method} ${e.path} [${c.name}]`;
    try {
      // Sessions and tokens are answered by the no_auth calls: never stored either.
      const noStore = asMember || e.auth === 'none';
      let body = expectEnvelope(what, a, noStore);
      if (asMember && body.code === ResponseCode.tokenInvalid) {
        // An earlier case ended the session (log out, close the account): a new member carries on.
        member = await registerMember(t, { password: MEMBER_PASSWORD });
        a = await once(member.token);
        body = expectEnvelope(what, a, noStore);
      }
      // Unstorable characters are refused at the edge, once authentication has let the caller in.
      if (c.expectUnstorable && (e.auth !== 'member' || asMember)) {
        expect(a.status, what).toBe(422);
        expect(body.code, what).toBe(ResponseCode.validation);
      }
    } catch (err) {
      // Every failing case is listed at the end, not only the first.
      failures.push((err as Error).message.split('\n')[0]!);
    }
  }
}

const failures: string[] = [];

describe('hostile input against every call of the contract', () => {
  it('answers every case as a visitor with the envelope, never a 500', async () => {
    const rnd = seeded(20261123);
    for (const e of allEndpoints) {
      // A visitor's member-only call stops at authentication: a few cases show it, the rest adds nothing.
      if (e.auth === 'member') {
        expectEnvelope(`visitor ${e.path}`, await send(e.method, e.path), false);
        continue;
      }
      await fuzzCall(e, false, rnd);
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(allEndpoints.length * 5);
  }, 300_000);

  it('answers every case as a logged-in member with the envelope, never a 500, and never stored', async () => {
    const rnd = seeded(8);
    failures.length = 0;
    for (const e of allEndpoints) await fuzzCall(e, true, rnd);
    expect(failures).toEqual([]);
  }, 300_000);

  it('keeps answering afterwards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    const home = await send('GET', '/attractive/page/indexApiData');
    expect(JSON.parse(home.body).code).toBe(200);
  });
});
