import type { TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { placeOrder } from '../../orders/orders.service.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import type { FakeGateway } from '../gateways/gateway.js';
import { createGateways, readGatewaySettings } from '../gateways/registry.js';

/** The shop's address as the sandboxes know it in tests (no socket: adapters reach their fake in-process). */
export const TEST_SHOP_URL = 'http://shop.test';

/**
 * Every gateway in sandbox mode with its fake, the fakes delivering notifications to the real app
 * through `inject` (the webhook ingress sees exactly the bytes and headers a provider sends).
 */
export function useSandboxes(t: TestApp, env: Record<string, string> = {}) {
  return useHeldSandboxes(t, env).fakes;
}

/** A notification as a gateway sends it: where, with which headers, which bytes. */
export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Like `useSandboxes`, and `held(work)` keeps every notification the fakes send during `work`
 * instead of delivering it (as a network holding them back would), so a test delivers those
 * exact bytes when and as often as it likes with `deliver`.
 */
export function useHeldSandboxes(t: TestApp, env: Record<string, string> = {}) {
  let holding: Delivery[] | undefined;
  const deliver = (d: Delivery) => t.app.inject({ method: 'POST', url: new URL(d.url).pathname, headers: d.headers, payload: d.body });
  const settings = readGatewaySettings(env, 'test');
  const { adapters, fakes } = createGateways(settings, {
    publicUrl: TEST_SHOP_URL,
    nodeEnv: 'test',
    deliver: async (url, headers, body) => {
      if (holding) {
        holding.push({ url, headers, body });
        return 200;
      }
      return (await deliver({ url, headers, body })).statusCode;
    },
  });
  Object.assign(t.deps.providers.payments, adapters);
  Object.assign(t.deps.providers.paymentSandboxes, fakes);
  const held = async (work: () => Promise<unknown>): Promise<Delivery[]> => {
    const kept: Delivery[] = [];
    holding = kept;
    try {
      await work();
    } finally {
      holding = undefined;
    }
    return kept;
  };
  return { fakes: fakes as Record<string, FakeGateway>, held, deliver };
}

/** A member with a pay password and an order of one teapot awaiting payment in `currency`. */
export async function memberWithOrder(t: TestApp, opts: { currency?: string; price?: number; usd?: number } = {}) {
  const m = await walletMember(t, { usd: opts.usd });
  const order = await orderFor(t, m.userId, opts);
  return { ...m, order };
}

/** One more order of the member. */
export async function orderFor(t: TestApp, userId: number, opts: { currency?: string; price?: number } = {}) {
  const g = await newGoods(t.db, [{ price: opts.price ?? 5000, stock: 100 }], { currency: opts.currency ?? 'MYR' });
  const addressId = await newAddress(t.db, userId);
  const placed = await placeOrder(t.deps, memberActor(userId), { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 1, address_id: addressId, remarks: '' });
  const row = await t.db.selectFrom('orders').selectAll().where('id', '=', placed.order_id).executeTakeFirstOrThrow();
  return row;
}

export const paymentRow = (t: TestApp, reference: string) => t.db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
export const flagsOf = (t: TestApp, paymentId: number) => t.db.selectFrom('payment_flags').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute().then((r) => r.map((f) => f.kind));
export const entriesOf = (t: TestApp, reference: string) => t.db.selectFrom('journal_entries').selectAll().where('reference_id', '=', reference).orderBy('id').execute();
export const orderStatus = async (t: TestApp, id: number) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
