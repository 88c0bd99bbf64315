import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../endpoints.js';
import type { AnyEndpoint } from '../endpoint.js';

// The specification's list of calls, kept beside the contract so the check runs anywhere.
const specFile = path.join(import.meta.dirname, '../../../spec/endpoints.tsv');

/**
 * Member calls the contract adds to the specification's list, each on purpose and recorded in
 * docs/decisions/. Any other call beyond the list fails the check below.
 */
const extensions: Record<string, string> = {
  // Issue 14 lets the member cancel a withdrawal while it is pending; the spec's list has no call for it
  // (docs/decisions/2026-11-23-withdrawal-cancel.md).
  'POST /user/withdraw/cancel': 'wallet',
  // The wallet issue says rewards can be moved to cash; the spec lists only reads of rewards
  // (docs/decisions/2026-11-24-rewards-to-cash.md).
  'POST /attractive/reward/toBalance': 'wallet',
  // The wallet issue says a gift card's value is redeemed to the wallet; the spec lists only list and give
  // (docs/decisions/2026-11-24-gift-card-redeem.md).
  'POST /user/gift_card/redeem': 'wallet',
  // The native-shell issue registers the shell's push token after a login; the spec has no bridge at all
  // (docs/decisions/2026-11-24-native-shell-bridge.md).
  'POST /user/device/pushToken': 'account',
  // The support issue builds the customer chat into the shop (the spec's chat is a third-party widget);
  // its calls are the shop's own (docs/decisions/2026-11-24-support.md).
  'GET /user/chat/state': 'support',
  'POST /user/chat/send': 'support',
  'GET /user/chat/messages': 'support',
  // The after-sales issue asks for the list and detail reads its pages need; the spec names none
  // (docs/decisions/2026-11-24-after-sales.md).
  'GET /attractive/AfterSales/list': 'after-sales',
  'GET /attractive/AfterSales/info': 'after-sales',
  // The apply page's estimate is what the refund will send (docs/decisions/2026-11-24-after-sales.md).
  'GET /attractive/AfterSales/refundEstimate': 'after-sales',
  // The member-shops issue has owners choose what their shop offers and buyers confirm receipt; the spec's
  // list has a read of the choices only and no buyer confirmation (docs/decisions/2026-11-24-member-shops.md).
  'POST /attractive/shop/shopGoodsSet': 'user-shop',
  'POST /attractive/order/confirm': 'user-shop',
  'POST /attractive/shop/restock': 'user-shop',
  // The restock page lists only the orders a restock would still take (docs/decisions/2026-11-29-shop-owner-applications-and-restock-list.md).
  'GET /attractive/shop/restockOrders': 'user-shop',
  // The group-buy page shows the order's amounts (freight, operating fee, total) before the order is placed,
  // as the regular checkout does; the spec's group-buy calls have no preview (docs/decisions/2026-11-29-group-buy-preview.md).
  'GET /shop/pintuan/buyPreview': 'orders',
};

describe('the contract', () => {
  const rows = fs.readFileSync(specFile, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

  it('lists exactly the 240 calls of the specification, each once, plus the recorded extensions', () => {
    const spec = rows.map(([method, p]) => `${method} ${p}`).sort();
    const ours = allEndpoints.map(key).sort();
    expect(spec).toHaveLength(240);
    expect(Object.keys(extensions).filter((k) => spec.includes(k))).toEqual([]);
    expect(ours).toEqual([...spec, ...Object.keys(extensions)].sort());
  });

  it('keeps each extension in its recorded area, for a logged-in member', () => {
    for (const [k, area] of Object.entries(extensions)) {
      const e = allEndpoints.find((x) => key(x) === k)!;
      expect(e.area, k).toBe(area);
      expect(e.auth, k).toBe('member');
    }
  });

  it('sends the /user/no_auth/ calls without a token, and only those', () => {
    for (const [method, p, token] of rows) {
      const e = allEndpoints.find((x) => x.method === method && x.path === p)!;
      expect(e.auth === 'none', `${method} ${p}`).toBe(token === 'empty');
    }
  });

  it('keeps each call in the area the specification gives it', () => {
    for (const [method, p, , area] of rows) {
      expect(allEndpoints.find((x) => x.method === method && x.path === p)!.area).toBe(area);
    }
  });

  it('declares a query only for GET and a body only for POST', () => {
    for (const e of allEndpoints) {
      if (e.method === 'GET') expect(e.body, e.path).toBeUndefined();
      else expect(e.query, e.path).toBeUndefined();
    }
  });
});

describe('the operator calls', () => {
  it('live under /admin/api/, outside the 240 member calls, each operator call naming a permission', async () => {
    const { adminEndpoints } = await import('../../admin/admin.endpoints.js');
    expect(adminEndpoints.length).toBeGreaterThan(0);
    for (const e of adminEndpoints) {
      expect(e.path.startsWith('/admin/api/'), e.path).toBe(true);
      expect(allEndpoints.some((m) => m.path === e.path), e.path).toBe(false);
      expect(['none', 'operator']).toContain(e.auth);
      if (e.auth === 'operator') expect(e.permission, e.path).toBeTruthy();
    }
    expect(allEndpoints.every((e) => e.auth !== 'operator' && !e.path.startsWith('/admin/'))).toBe(true);
  });

  it('are all listed, so the OpenAPI document has every one the contract exports', async () => {
    const { adminEndpoints } = await import('../../admin/admin.endpoints.js');
    const contract = await import('../../index.js');
    const listed = new Set([...allEndpoints, ...adminEndpoints].map((e) => `${e.method} ${e.path}`));
    const exported = (Object.values(contract) as unknown[]).filter((v): v is AnyEndpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v);
    expect(exported.map((e) => `${e.method} ${e.path}`).filter((k) => !listed.has(k))).toEqual([]);
  });
});
