import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { runOpsCommand } from '../../ops/commands.js';
import { opsOperators } from '../../ops/__tests__/ops-operators.js';

// Two operators with the same settings card open: the later save, made from the copy read before the
// other's change, put back what the other had just set (alice's captcha mode, freight, retention days,
// audit hours, payment fee, withdrawal fee silently undone). Each save now names the version of the
// card (or row) it read: of two saves from one copy exactly one is written, the other is refused
// (4020) and changes nothing, not even the audit log.

let t: TestApp;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let alice: Operator;
let bob: Operator;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  alice = await signedInOperator(t, 'owner');
  bob = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

let keys = 0;
const send = (url: string, body: unknown, who: Operator) => decide(t, url, body, who.token, `cards-${Date.now().toString(36)}-${++keys}`);
const read = async (url: string, who: Operator) => (await call(t, 'GET', url, undefined, { token: who.token, lang: 'en-us' })).body.data;
const actionsOf = (who: Operator) => t.db.selectFrom('operator_actions').select('action').where('operator', '=', who.recordedAs).where('action', 'not like', 'access.%').execute();
const settings = (who: Operator) => read('/admin/api/settings', who);

type Row = { updated_at: string | null } & Record<string, unknown>;
const rowOf = <R extends Row>(list: R[], match: Partial<R>): R | undefined => list.find((r) => Object.entries(match).every(([k, v]) => r[k] === v));

/**
 * One save of the family: `open` reads the card as its form does and answers the body of a save
 * setting `n` (distinct per n) with the version read; `stored` reads back what a save of n sets.
 */
interface Card {
  name: string;
  url: string;
  open: (who: Operator) => Promise<(n: number) => Record<string, unknown>>;
  stored: (who: Operator) => Promise<number | string>;
  /** What `stored` answers after a save of n. */
  valueOf: (n: number) => number | string;
}

const MODES = ['off', 'auto', 'always'] as const;
const freightKey = { country_code: 'MY', currency: 'USD' };
const ordersFreightKey = { country_code: 'TH', currency: 'USD' };
const bandKey = { country_code: 'JP', method: 'standard', weight_from_g: 0, currency: 'USD' };
const ordersBandKey = { country_code: 'JP', method: 'express', weight_from_g: 0, currency: 'USD' };

const shippingFee = (key: typeof freightKey, url: string, reason: boolean): Card => ({
  name: url,
  url,
  open: async (who) => {
    const row = rowOf((await settings(who)).shipping_fees, key)!;
    return (n) => ({ ...key, fee: 1000 + n, free_over: null, base_updated_at: row.updated_at, ...(reason ? { reason: `fee ${n}` } : {}) });
  },
  stored: async (who) => rowOf((await settings(who)).shipping_fees, key)!.fee as number,
  valueOf: (n) => 1000 + n,
});
const operatingFee = (country_code: string, url: string, reason: boolean): Card => ({
  name: url,
  url,
  open: async (who) => {
    const row = rowOf((await settings(who)).operating_fees, { country_code })!;
    return (n) => ({ country_code, rate_bp: 100 + n, base_updated_at: row.updated_at, ...(reason ? { reason: `rate ${n}` } : {}) });
  },
  stored: async (who) => rowOf((await settings(who)).operating_fees, { country_code })!.rate_bp as number,
  valueOf: (n) => 100 + n,
});
const freightBand = (key: typeof bandKey, url: string, reason: boolean): Card => ({
  name: url,
  url,
  open: async (who) => {
    const row = rowOf((await settings(who)).international_freight, key)!;
    return (n) => ({ ...key, weight_to_g: 500, fee: 2000 + n, base_updated_at: row.updated_at, ...(reason ? { reason: `band ${n}` } : {}) });
  },
  stored: async (who) => rowOf((await settings(who)).international_freight, key)!.fee as number,
  valueOf: (n) => 2000 + n,
});

const cards: Card[] = [
  {
    name: 'captcha card',
    url: '/admin/api/settings/captcha',
    open: async (who) => {
      const s = await settings(who);
      return (n) => ({ mode: MODES[n % 3], bypass: n % 2 === 0, base_updated_at: s.captcha_updated_at, reason: `captcha ${n}` });
    },
    stored: async (who) => {
      const s = await settings(who);
      return `${s.captcha_mode} ${s.captcha_bypass}`;
    },
    valueOf: (n) => `${MODES[n % 3]} ${n % 2 === 0}`,
  },
  shippingFee(freightKey, '/admin/api/settings/shipping-fee', true),
  shippingFee(ordersFreightKey, '/admin/api/orders/shipping-fee', false),
  operatingFee('MY', '/admin/api/settings/operating-fee', true),
  operatingFee('TH', '/admin/api/orders/operating-fee', false),
  freightBand(bandKey, '/admin/api/settings/international-freight', true),
  freightBand(ordersBandKey, '/admin/api/orders/international-freight', false),
  {
    name: 'support settings',
    url: '/admin/api/messages/settings/save',
    open: async (who) => {
      const s = await read('/admin/api/messages/settings', who);
      return (n) => ({ message_retention_days: 30 + n, feedback_daily_limit: s.feedback_daily_limit, chat_mode: s.chat_mode, external_chat_url: s.external_chat_url, base_updated_at: s.updated_at });
    },
    stored: async (who) => (await read('/admin/api/messages/settings', who)).message_retention_days,
    valueOf: (n) => 30 + n,
  },
  {
    name: 'member-shop settings',
    url: '/admin/api/shops/settings',
    open: async (who) => {
      const s = await read('/admin/api/shops/settings', who);
      return (n) => ({ fee_bp: s.fee_bp, price_below_bp: s.price_below_bp, price_above_bp: s.price_above_bp, audit_hours: 10 + n, payment_minutes: s.payment_minutes, base_updated_at: s.updated_at, reason: `hours ${n}` });
    },
    stored: async (who) => (await read('/admin/api/shops/settings', who)).audit_hours,
    valueOf: (n) => 10 + n,
  },
  {
    name: 'payment method',
    url: '/admin/api/payments/methods',
    open: async (who) => {
      const m = (await read('/admin/api/payments/methods', who)).list[0];
      return (n) => ({ id: m.id, fee_bp: 10 + n, fee_fixed_minor: m.fee_fixed_minor, enabled: m.enabled, sort: m.sort, base_updated_at: m.updated_at, reason: `fee ${n}` });
    },
    stored: async (who) => (await read('/admin/api/payments/methods', who)).list[0].fee_bp,
    valueOf: (n) => 10 + n,
  },
  {
    name: 'withdrawal fee and limits',
    url: '/admin/api/wallet/limits',
    open: async (who) => {
      const row = rowOf((await read('/admin/api/wallet/limits', who)).list, { currency: 'USD', kind: 'transfer' });
      return (n) => ({ currency: 'USD', kind: 'transfer', fee_bp: 10 + n, fee_fixed: 0, min: 100, max: 100_000, daily_count: 5, daily_amount: 1_000_000, base_updated_at: row?.updated_at ?? undefined, reason: `fee ${n}` });
    },
    stored: async (who) => rowOf((await read('/admin/api/wallet/limits', who)).list, { currency: 'USD', kind: 'transfer' })!.fee_bp as number,
    valueOf: (n) => 10 + n,
  },
  {
    name: 'top-up channel',
    url: '/admin/api/wallet/recharge-channels',
    open: async (who) => {
      const row = rowOf((await read('/admin/api/wallet/recharge-channels', who)).list, { code: 'cards_test' });
      return (n) => ({ code: 'cards_test', kind: 'bank_transfer', name: 'Cards test', currencies: ['USD'], min: 100 + n, max: 100_000, enabled: true, base_updated_at: row?.updated_at ?? undefined, reason: `min ${n}` });
    },
    stored: async (who) => rowOf((await read('/admin/api/wallet/recharge-channels', who)).list, { code: 'cards_test' })!.min_minor as number,
    valueOf: (n) => 100 + n,
  },
  {
    name: 'approval limits',
    url: '/admin/api/approvals/limits/set',
    open: async (who) => {
      const row = rowOf((await read('/admin/api/approvals/limits', who)).list, { kind: 'points.grant', currency: 'JPY' });
      return (n) => ({ kind: 'points.grant', currency: 'JPY', auto_up_to: null, daily_limit: 1000 + n, base_updated_at: row?.updated_at ?? undefined, reason: `daily ${n}` });
    },
    stored: async (who) => rowOf((await read('/admin/api/approvals/limits', who)).list, { kind: 'points.grant', currency: 'JPY' })!.daily_limit as number,
    valueOf: (n) => 1000 + n,
  },
];

describe('settings cards saved from a copy changed since', () => {
  beforeAll(async () => {
    // The rows the freight and fee editors change, as an operator first adds them (a new row names no version).
    for (const [url, body] of [
      ['/admin/api/settings/shipping-fee', { ...freightKey, fee: 500, free_over: null, reason: 'first' }],
      ['/admin/api/settings/shipping-fee', { ...ordersFreightKey, fee: 500, free_over: null, reason: 'first' }],
      ['/admin/api/settings/operating-fee', { country_code: 'MY', rate_bp: 50, reason: 'first' }],
      ['/admin/api/settings/operating-fee', { country_code: 'TH', rate_bp: 50, reason: 'first' }],
      ['/admin/api/settings/international-freight', { ...bandKey, weight_to_g: 500, fee: 900, reason: 'first' }],
      ['/admin/api/settings/international-freight', { ...ordersBandKey, weight_to_g: 500, fee: 900, reason: 'first' }],
      ['/admin/api/wallet/limits', { currency: 'USD', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min: 100, max: 100_000, daily_count: 5, daily_amount: 1_000_000, base_updated_at: undefined, reason: 'first' }],
      ['/admin/api/wallet/recharge-channels', { code: 'cards_test', kind: 'bank_transfer', name: 'Cards test', currencies: ['USD'], min: 100, max: 100_000, enabled: true, reason: 'first' }],
      ['/admin/api/approvals/limits/set', { kind: 'points.grant', currency: 'JPY', auto_up_to: null, daily_limit: 1000, reason: 'first' }],
    ] as const) {
      // The limits row may already be there (a seeded one): then it is changed from the version read.
      const limits = url === '/admin/api/wallet/limits' ? rowOf((await read(url, alice)).list, { currency: 'USD', kind: 'transfer' }) : undefined;
      const answer = await send(url, { ...body, ...(limits ? { base_updated_at: limits.updated_at } : {}) }, alice);
      expect(answer.body.code, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it.each(cards.map((c) => [c.name, c] as const))('%s: bob\'s save from the copy he read is refused after alice saved, her values stay and bob writes no audit row', async (_name, card) => {
    const aliceCopy = await card.open(alice);
    const bobCopy = await card.open(bob);
    const before = (await actionsOf(bob)).length;
    const saved = await send(card.url, aliceCopy(1), alice);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const stale = await send(card.url, bobCopy(2), bob);
    expect(stale.body.code).toBe(ResponseCode.editedSinceOpened);
    expect(stale.body.msg).toMatch(/changed this after you opened it/);
    expect(await card.stored(bob)).toBe(card.valueOf(1));
    expect(await actionsOf(bob)).toHaveLength(before);
    // Read again, bob's change lands on top of alice's.
    const again = await send(card.url, (await card.open(bob))(2), bob);
    expect(again.body.code).toBe(200);
    expect(await card.stored(alice)).toBe(card.valueOf(2));
    // A change that names no version cannot be checked: refused, nothing changes.
    const { base_updated_at: _base, ...blind } = (await card.open(alice))(3);
    expect((await send(card.url, blind, alice)).body.code).toBe(ResponseCode.editedSinceOpened);
    expect(await card.stored(alice)).toBe(card.valueOf(2));
  });

  it.each(cards.map((c) => [c.name, c] as const))('%s: two saves from one copy at once, a few rounds: exactly one is written, and its values are kept', async (_name, card) => {
    for (let round = 0; round < 3; round++) {
      const copy = await card.open(alice);
      const [a, b] = [10 + 2 * round, 11 + 2 * round];
      const answers = await Promise.all([send(card.url, copy(a), alice), send(card.url, copy(b), bob)]);
      const codes = answers.map((r) => r.body.code);
      expect([...codes].sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, ResponseCode.editedSinceOpened].sort());
      expect(await card.stored(alice)).toBe(card.valueOf(codes[0] === 200 ? a : b));
    }
  });

  it('freight: a row added by another since the page was read is not overwritten by a form opened as new', async () => {
    const key = { country_code: 'SG', currency: 'USD' };
    expect(rowOf((await settings(bob)).shipping_fees, key)).toBeUndefined();
    const answers = await Promise.all([
      send('/admin/api/settings/shipping-fee', { ...key, fee: 700, free_over: null, reason: 'new a' }, alice),
      send('/admin/api/settings/shipping-fee', { ...key, fee: 800, free_over: null, reason: 'new b' }, bob),
    ]);
    const codes = answers.map((r) => r.body.code);
    expect([...codes].sort()).toEqual([200, ResponseCode.editedSinceOpened].sort());
    expect(rowOf((await settings(bob)).shipping_fees, key)!.fee).toBe(codes[0] === 200 ? 700 : 800);
  });

  it('freight: a removal from a copy changed since is refused and the row stays; a change of a row removed since is refused too', async () => {
    const copy = rowOf((await settings(bob)).shipping_fees, freightKey)!;
    const changed = await send('/admin/api/settings/shipping-fee', { ...freightKey, fee: 4321, free_over: null, base_updated_at: copy.updated_at, reason: 'new carrier' }, alice);
    expect(changed.body.code).toBe(200);
    const removal = await send('/admin/api/settings/shipping-fee/delete', { ...freightKey, base_updated_at: copy.updated_at, reason: 'not needed' }, bob);
    expect(removal.body.code).toBe(ResponseCode.editedSinceOpened);
    const now = rowOf((changed.body.data as { shipping_fees: Row[] }).shipping_fees, freightKey)!;
    expect(rowOf((await settings(bob)).shipping_fees, freightKey)).toMatchObject({ fee: 4321, updated_at: now.updated_at });
    // Removed from the current copy; then a save from the copy before the removal does not bring it back.
    expect((await send('/admin/api/settings/shipping-fee/delete', { ...freightKey, base_updated_at: now.updated_at, reason: 'not needed' }, bob)).body.code).toBe(200);
    const back = await send('/admin/api/settings/shipping-fee', { ...freightKey, fee: 1, free_over: null, base_updated_at: now.updated_at, reason: 'typo' }, alice);
    expect(back.body.code).toBe(ResponseCode.editedSinceOpened);
    expect(rowOf((await settings(alice)).shipping_fees, freightKey)).toBeUndefined();
  });

  it('the command line names no version (its values are typed whole, not saved from a copy): its change is written, and the page\'s copy is stale after it', async () => {
    await opsOperators(t.db, { olivia: 'owner' });
    const ops = (...argv: string[]) => runOpsCommand(t.db, argv, 'olivia');
    const copy = await settings(bob);
    await ops('order', 'shipping-fee', 'TH', 'USD', '1234', '--reason', 'carrier price list');
    await ops('order', 'operating-fee', 'TH', '175', '--reason', 'tax');
    await ops('order', 'freight', 'JP', 'express', '0', '500', '2345', 'USD', '--reason', 'carrier price list');
    await ops('captcha', 'always');
    const now = await settings(bob);
    expect(rowOf(now.shipping_fees, ordersFreightKey)!.fee).toBe(1234);
    expect(rowOf(now.operating_fees, { country_code: 'TH' })!.rate_bp).toBe(175);
    expect(rowOf(now.international_freight, ordersBandKey)!.fee).toBe(2345);
    expect(now.captcha_mode).toBe('always');
    expect(now.captcha_updated_at).not.toBe(copy.captcha_updated_at);
    const stale = await send('/admin/api/settings/shipping-fee', { ...ordersFreightKey, fee: 1, free_over: null, base_updated_at: rowOf(copy.shipping_fees, ordersFreightKey)!.updated_at, reason: 'old copy' }, bob);
    expect(stale.body.code).toBe(ResponseCode.editedSinceOpened);
    expect((await send('/admin/api/settings/captcha', { mode: 'off', bypass: false, base_updated_at: copy.captcha_updated_at, reason: 'old copy' }, bob)).body.code).toBe(ResponseCode.editedSinceOpened);
  });

  it('the captcha card and the order times are two cards: a change of one does not make the other stale', async () => {
    const s = await settings(alice);
    const times = await send('/admin/api/settings/orders', { expiry_minutes: 33, auto_confirm_days: 9, base_updated_at: s.orders.updated_at, reason: 'times' }, bob);
    expect(times.body.data.captcha_updated_at).toBe(s.captcha_updated_at);
    const captcha = await send('/admin/api/settings/captcha', { mode: 'always', bypass: true, base_updated_at: s.captcha_updated_at, reason: 'bots' }, alice);
    expect(captcha.body.data).toMatchObject({ captcha_mode: 'always', captcha_bypass: true, captcha_updated_by: alice.recordedAs });
    expect(captcha.body.data.orders.updated_by).toBe(bob.recordedAs);
  });
});
