import { ResponseCode, type ApprovalRequest } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { closeWaitingRequest, requestApproval } from '../approvals/approvals.service.js';
import { findGoodsById } from '../catalogue/catalogue.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './goods-points.queries.js';

// Points per unit of a goods item are value given on every unit sold (docs/decisions/2026-11-29-goods-points-four-eyes.md):
// lowering or removing a rule is done at once; raising one is a request a second operator approves.

/** What a raise carries out once approved: the goods, the rule asked, and what it was asked from (shown to the approver). */
export interface GoodsPointsRaise {
  goods_id: number;
  points_per_unit: number;
  from: number | null;
  /** The goods' name in each language it has, when asked. */
  name: Record<string, string>;
}

/** One raise of a goods item's rule waits at a time. */
const subjectOf = (goodsId: number) => `goods:${goodsId}`;

/** Whether `to` gives more points than `from` (no rule: the percentage, which any rule above 0 may pass). */
const isRaise = (from: number | null, to: number | null) => to !== null && to > 0 && (from === null || to > from);

/**
 * Sets the points each unit of a goods item earns on a completed order (null: the operator's percentage
 * again), recorded with who and why: a lower rule or none at once (withdrawing a raise still waiting); a
 * higher one is a request a second operator approves. Answers the rule in force and the request, if any.
 */
export async function setGoodsPoints(db: Database, actor: Actor, input: { goods_id: number; points_per_unit: number | null; reason?: string }): Promise<{ ok: true; points_per_unit: number | null; request: ApprovalRequest | null }> {
  const operator = operatorNameOf(actor);
  const reason = input.reason?.trim() ?? '';
  if (input.points_per_unit !== null && (!Number.isSafeInteger(input.points_per_unit) || input.points_per_unit < 0 || input.points_per_unit > 100_000_000)) throw new AppError(ResponseCode.settingInvalid, undefined, { messageKey: 'admin.code.goodsPointsRange' });
  const goods = await findGoodsById(db, input.goods_id);
  if (!goods) throw new AppError(ResponseCode.goodsNotFound);
  const from = await ruleOf(db, input.goods_id);
  if (isRaise(from, input.points_per_unit)) {
    if (!reason) throw new AppError(ResponseCode.reasonRequired);
    const to = input.points_per_unit!;
    const { request } = await requestApproval<GoodsPointsRaise, { points_per_unit: number }>(db, actor, {
      kind: 'goods.points',
      memberId: null,
      currency: 'XXX',
      // Per unit, on units without bound: never within what one operator may give alone.
      amount: null,
      payload: { goods_id: input.goods_id, points_per_unit: to, from, name: (goods.name ?? {}) as Record<string, string> },
      summary: `goods #${input.goods_id} points per unit: ${from ?? 'percentage'} → ${to}`,
      subject: subjectOf(input.goods_id),
      reason,
    });
    // A request never carries out at once (no amount is within one operator's reach): the rule stays `from`.
    return { ok: true, points_per_unit: from, request };
  }
  await withTransaction(db, async (tx) => {
    if (!(await findGoodsById(tx, input.goods_id))) throw new AppError(ResponseCode.goodsNotFound);
    if (input.points_per_unit === null) await q.deleteGoodsPoints(tx, input.goods_id);
    else await q.upsertGoodsPoints(tx, input.goods_id, input.points_per_unit, operator);
    await insertOperatorAction(tx, {
      operator,
      action: 'goods.points',
      target_type: 'setting',
      target_id: input.goods_id,
      reason,
      facts: { key: 'goods_points', goods_id: input.goods_id, name: (goods.name ?? {}) as Record<string, string>, from, to: input.points_per_unit, request_id: null },
    });
    // A raise asked from the rule before this one would read old → new wrongly: it is withdrawn, to be asked again.
    await closeWaitingRequest(tx, actor, 'goods.points', subjectOf(input.goods_id), `goods points set to ${input.points_per_unit ?? 'percentage'} directly`);
  });
  return { ok: true, points_per_unit: input.points_per_unit, request: null };
}

const ruleOf = async (db: Database | Tx, goodsId: number) => (await q.findGoodsPoints(db, [goodsId]))[0]?.points_per_unit ?? null;

/** Carries out an approved raise of a goods item's rule, as the approving operator, recorded with the approval's number. */
export async function saveApprovedGoodsPoints(tx: Tx, actor: Actor, asked: GoodsPointsRaise, request: { id: number; reason: string }): Promise<{ points_per_unit: number }> {
  const operator = operatorNameOf(actor);
  if (!(await findGoodsById(tx, asked.goods_id))) throw new AppError(ResponseCode.goodsNotFound);
  // The rule it replaces is the one in force now (a lower one may have been set since the raise was asked).
  const from = await ruleOf(tx, asked.goods_id);
  await q.upsertGoodsPoints(tx, asked.goods_id, asked.points_per_unit, operator);
  await insertOperatorAction(tx, {
    operator,
    action: 'goods.points',
    target_type: 'setting',
    target_id: asked.goods_id,
    reason: request.reason,
    facts: { key: 'goods_points', goods_id: asked.goods_id, name: asked.name, from, to: asked.points_per_unit, request_id: request.id },
  });
  return { points_per_unit: asked.points_per_unit };
}
