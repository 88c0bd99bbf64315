import { ResponseCode, roleAllows, type EndpointData, type EndpointQuery, type OperatorRole, type adminListShopOrders, type adminListShopStockChanges, type adminShopDetail, type adminShopOrderDetail } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { listShopOrders, shopDetail } from './shops.console.js';
import * as q from './shops-console.queries.js';

// The console's reads of shop orders and stock changes that name people: the buyer whole to an
// operator who may read members (masked otherwise, as the owner sees them), who made each stock
// change, and an order's history, fee, earnings and refunds for the oversight's drawer.

/** Whether the operator's role reads members (their pages show user names whole): the rule for naming a buyer whole. */
const readsMembers = (role: OperatorRole) => roleAllows(role, 'members.read');

/** Orders with their buyer's user name whole when the operator may read members; as they were (masked) otherwise. */
async function withBuyerNames<T extends { id: number; buyer_name: string }>(db: Executor, role: OperatorRole, orders: T[]): Promise<T[]> {
  if (!readsMembers(role) || !orders.length) return orders;
  const names = await q.findBuyerUserNames(db, orders.map((o) => o.id));
  return orders.map((o) => ({ ...o, buyer_name: names.get(o.id) ?? o.buyer_name }));
}

/** Shop orders across shops for the oversight, the buyer named whole to an operator who may read members. */
export async function consoleShopOrders(db: Executor, actor: Actor, role: OperatorRole, input: EndpointQuery<typeof adminListShopOrders>): Promise<EndpointData<typeof adminListShopOrders>> {
  const page = await listShopOrders(db, actor, input);
  return { ...page, list: await withBuyerNames(db, role, page.list) };
}

/** One shop with its stock and latest orders, their buyers named whole to an operator who may read members. */
export async function consoleShopDetail(db: Executor, actor: Actor, role: OperatorRole, input: EndpointQuery<typeof adminShopDetail>): Promise<EndpointData<typeof adminShopDetail>> {
  const detail = await shopDetail(db, actor, input);
  return { ...detail, orders: await withBuyerNames(db, role, detail.orders) };
}

/** An actor's stamp (`member:12`, `operator:3`, `job:settle`, `system`) as its kind and what follows it. */
function stampParts(stamp: string): { kind: string; id: string } {
  const at = stamp.indexOf(':');
  return at < 0 ? { kind: stamp, id: '' } : { kind: stamp.slice(0, at), id: stamp.slice(at + 1) };
}

/** Who made a stock change, from its stamp: the owner or another member by user name, an operator as recorded (`name#id`), else the stamp's kind and name. */
function makerOf(r: { actor: string; owner_id: number | string; member_name: string | null; operator_name: string | null }): EndpointData<typeof adminListShopStockChanges>['list'][number]['made_by'] {
  const { kind, id } = stampParts(r.actor);
  if (kind === 'member') return { kind: id === String(r.owner_id) ? 'owner' : 'member', name: r.member_name ?? id };
  if (kind === 'operator') return { kind: 'operator', name: r.operator_name ? `${r.operator_name}#${id}` : id };
  return { kind: kind === 'job' || kind === 'provider' ? kind : 'system', name: id };
}

/** A shop's stock changes, newest first, each with who made it. */
export async function shopStockChanges(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListShopStockChanges>): Promise<EndpointData<typeof adminListShopStockChanges>> {
  operatorNameOf(actor);
  const rows = await q.findStockChangesPage(db, input.shop_id, input.limit, (input.page - 1) * input.limit);
  return pageOf(
    rows.map((a) => ({ id: Number(a.id), sku_id: Number(a.sku_id), delta: a.delta, stock_after: a.stock_after, cause: a.cause, reference: a.reference, reason: a.reason, made_by: makerOf(a), created_at: iso(a.created_at) })),
    totalOf(rows),
    input,
  );
}

/**
 * A shop order's history (who, when, why; operators by name), the platform's fee and the owner's
 * earnings as it settled (the fee: the goods value after the cases' refunds, less the earnings, as
 * settlement worked them out), when it settles meanwhile, its full refund at a rejection, and its
 * after-sales cases with what each refunded.
 */
export async function shopOrderHistory(db: Executor, actor: Actor, input: EndpointQuery<typeof adminShopOrderDetail>): Promise<EndpointData<typeof adminShopOrderDetail>> {
  operatorNameOf(actor);
  const o = await q.findShopOrderHistory(db, input.id);
  if (!o) throw new AppError(ResponseCode.shopItemNotFound);
  const refundedByCases = o.cases.filter((c) => c.status === 'refunded').reduce((sum, c) => sum + Number(c.refunded ?? 0), 0);
  const settled = o.settled_at !== null && o.earnings_minor !== null;
  const earnings = settled ? Number(o.earnings_minor) : null;
  return {
    id: Number(o.id),
    events: o.events.map((e) => {
      const { kind, id } = stampParts(e.actor);
      const by = kind === 'member' ? (id === String(o.buyer_id) ? 'buyer' : 'owner') : kind;
      return { kind: e.kind, from: e.from, to: e.to, reason: e.reason, by, operator: kind === 'operator' ? (e.operator ? `${e.operator}#${id}` : id) : null, at: iso(e.at) };
    }),
    // The rate as the order records it (fixed by its settlement, or sooner when the order keeps it), the amounts as settled.
    fee_bp: o.fee_bp,
    fee: settled ? Math.max(0, Number(o.goods_minor) - refundedByCases) - earnings! : null,
    earnings,
    settles_at: iso(o.settles_at),
    settled_at: iso(o.settled_at),
    refunded_at: iso(o.refunded_at),
    refunds: o.cases.map((c) => ({
      id: Number(c.id),
      case_no: c.case_no,
      kind: c.kind,
      status: c.status as EndpointData<typeof adminShopOrderDetail>['refunds'][number]['status'],
      refund: c.refund === null ? null : Number(c.refund),
      // What went back, with the card surcharge that came back with it (as the after-sales queue shows it).
      refunded: c.refunded === null ? null : Number(c.refunded) + Number(c.refunded_fee),
      refunded_at: iso(c.refunded_at),
    })),
  };
}
