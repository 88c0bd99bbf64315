import { ResponseCode, type ApprovalRequest, type Language } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { Tx } from '../../lib/transaction.js';
import { closeWaitingRequest, pendingRequestsAbout, requestApproval } from '../approvals/approvals.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './catalogue-admin.queries.js';
import type { SpecDef, Texts } from './catalogue.table.js';
import { skuSpecText } from './sku-text.js';

// An SKU's PV is paid out as pair bonus on every unit sold (docs/decisions/2026-11-29-goods-points-four-eyes.md):
// a goods save lowers it at once; a higher PV (a new SKU's above 0 too) is a request a second operator approves.

/** What a raise carries out once approved, and what the approver reads: the goods' name and the SKU's options in each language, PV now and asked. */
export interface SkuPvRaise {
  goods_id: number;
  sku_id: number;
  pv: number;
  from: number;
  name: Texts;
  options: Texts;
}

/** One raise of an SKU's PV waits at a time. */
const subjectOf = (skuId: number) => `sku:${skuId}`;

/** The SKU's options (`Large / Red`) in every language one of its values is named in; none without options. */
export function optionTexts(specs: SpecDef[], valueIds: number[]): Texts {
  const langs = new Set(valueIds.flatMap((vid) => specs.flatMap((s) => s.values).filter((v) => v.id === vid).flatMap((v) => Object.keys(v.name))));
  return Object.fromEntries([...langs].map((lang) => [lang, skuSpecText(specs, valueIds, lang as Language)]).filter(([, text]) => text));
}

/**
 * Lowers an SKU's PV in the goods save's transaction, recorded with who (and why, when given), and
 * withdraws a raise still waiting for it: it was asked from a PV no longer in force.
 */
export async function recordPvCut(tx: Tx, actor: Actor, cut: { sku_id: number; from: number; to: number; reason: string | null }): Promise<void> {
  await insertOperatorAction(tx, { operator: operatorNameOf(actor), action: 'sku.pv', target_type: 'sku', target_id: cut.sku_id, reason: cut.reason, facts: { key: 'sku_pv', from: cut.from, to: cut.to, request_id: null } });
  await closeWaitingRequest(tx, actor, 'sku.pv', subjectOf(cut.sku_id), `PV set to ${cut.to} directly`);
}

/**
 * Asks, in the goods save's transaction, for each raise of an SKU's PV (the PV stays as it is): a
 * reason is required; the same raise asked again answers the request waiting, a different one is
 * refused naming it, and so is the whole save. Answers the requests' numbers.
 */
export async function askPvRaises(tx: Tx, actor: Actor, goods: { id: number; name: Texts; specs: SpecDef[] }, raises: Array<{ sku_id: number; spec_value_ids: number[]; from: number; to: number }>, reason: string): Promise<number[]> {
  if (raises.length === 0) return [];
  if (!reason) throw new AppError(ResponseCode.reasonRequired);
  const ids: number[] = [];
  for (const r of raises) {
    const { request } = await requestApproval<SkuPvRaise, { sku_id: number; pv: number }>(tx, actor, {
      kind: 'sku.pv',
      memberId: null,
      currency: 'XXX',
      // PV per unit, on units without bound: never within what one operator may give alone.
      amount: null,
      payload: { goods_id: goods.id, sku_id: r.sku_id, pv: r.to, from: r.from, name: goods.name, options: optionTexts(goods.specs, r.spec_value_ids) },
      summary: `goods #${goods.id} SKU #${r.sku_id} PV per unit: ${r.from} → ${r.to}`,
      subject: subjectOf(r.sku_id),
      reason,
    });
    ids.push(request.id);
  }
  return ids;
}

/** The raises of the SKUs' PV waiting for a second operator. */
export const pendingPvRaises = (db: Executor, skuIds: number[]): Promise<ApprovalRequest[]> => pendingRequestsAbout(db, 'sku.pv', skuIds.map(subjectOf));

/**
 * Carries out an approved raise of an SKU's PV, as the approving operator, recorded with the
 * approval's number. It takes the goods' lock a goods save takes, so a save and an approval take turns.
 */
export async function saveApprovedSkuPv(tx: Tx, actor: Actor, asked: SkuPvRaise, request: { id: number; reason: string }): Promise<{ sku_id: number; pv: number }> {
  if (!(await q.lockGoodsRowForUpdate(tx, asked.goods_id))) throw new AppError(ResponseCode.goodsNotFound);
  const before = await q.setSkuPv(tx, asked.goods_id, asked.sku_id, asked.pv);
  if (!before) throw new AppError(ResponseCode.skuNotFound);
  await insertOperatorAction(tx, { operator: operatorNameOf(actor), action: 'sku.pv', target_type: 'sku', target_id: asked.sku_id, reason: request.reason, facts: { key: 'sku_pv', from: before.from, to: asked.pv, request_id: request.id } });
  return { sku_id: asked.sku_id, pv: asked.pv };
}
