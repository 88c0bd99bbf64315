import type { TestApp } from '../../../test/build-test-app.js';
import { settleDeliveries } from '../../verification/verification.service.js';
import { seedDemoMember, DEMO_MEMBER } from '../accounts.seed.js';

export { DEMO_MEMBER };

export interface CallOptions {
  token?: string;
  ip?: string;
  lang?: string;
}

/** One call through the real app, as the H5 client makes it. */
export async function call(t: TestApp, method: 'GET' | 'POST', url: string, body?: unknown, o: CallOptions = {}) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: o.ip ?? '10.0.0.1',
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.lang ? { 'think-lang': o.lang } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any }, headers: res.headers };
}

/**
 * The newest code the development outbox holds for an address, read like a developer would (codes
 * about existing accounts are delivered just after the answer: those are waited for first).
 */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  await settleDeliveries();
  // The outbox answers this machine only.
  const res = await call(t, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}&limit=1`, undefined, { ip: '127.0.0.1' });
  const code = res.body.data?.[0]?.code as string | undefined;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

let ipCounter = 0;
/** A fresh client address, so per-address limits of one test do not leak into the next. */
export const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export async function seedDemo(t: TestApp) {
  await seedDemoMember(t.deps);
}

let counter = 0;
/** Registers a new member through the API (code from the outbox) and returns its session. */
export async function registerMember(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${++counter}`;
  const email = (overrides.email as string) ?? `member${n}@example.com`;
  const ip = freshIp();
  const sent = await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip });
  if (sent.body.code !== 200) throw new Error(`send_code: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(t, email);
  const password = (overrides.password as string) ?? 'Lantern-Orbit-42';
  const res = await call(t, 'POST', '/user/no_auth/register', {
    user_name: `user${n}`.slice(0, 20),
    nickname: 'Newcomer',
    password,
    email,
    invite_code: DEMO_MEMBER.invite_code,
    code,
    ...overrides,
  }, { ip });
  if (res.body.code !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  const session = res.body.data as { token: string; user: { id: number; user_name: string; email: string } };
  // A phone typed at registration is unconfirmed until a code sent to it proves it: confirm it as the member would in settings.
  if (typeof overrides.mobile === 'string' && typeof overrides.mobile_pre === 'string') {
    session.user = await confirmPhone(t, { token: session.token, password }, { mobile_pre: overrides.mobile_pre, mobile: overrides.mobile });
  }
  return { ...session, password, email, ip };
}

/** Binds a phone from the settings with the code texted to it (and the login password); the member as answered. */
export async function confirmPhone(t: TestApp, m: { token: string; password: string }, phone: { mobile_pre: string; mobile: string }) {
  const ip = freshIp();
  const sent = await call(t, 'POST', '/user/send_code', { type: 'bind', ...phone }, { ip });
  if (sent.body.code !== 200) throw new Error(`send_code bind: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(t, `+${phone.mobile_pre.replace(/^\+/, '')}${phone.mobile}`);
  const bound = await call(t, 'POST', '/user/bindMobile', { ...phone, code, current_password: m.password }, { token: m.token, ip });
  if (bound.body.code !== 200) throw new Error(`bindMobile: ${JSON.stringify(bound.body)}`);
  return bound.body.data as { id: number; user_name: string; email: string };
}
