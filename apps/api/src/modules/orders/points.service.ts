import { ResponseCode, type ApprovalChange, type ApprovalRequest } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { pendingRequestAbout, requestApproval } from '../approvals/approvals.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './orders.queries.js';
import type { PointsSettings } from './points.js';

// The operator's side of points at checkout and points earned.

const RANGES: Record<keyof PointsSettings, [number, number]> = {
  points_per_unit: [1, 1_000_000],
  shopping_points_per_unit: [1, 1_000_000],
  points_max_share_bp: [0, 10_000],
  earn_rate_bp: [0, 10_000],
};

/** Whether a field's new value makes points worth more to members (fewer to a unit of money, a larger share, more earned). */
const GIVES_MORE: Record<keyof PointsSettings, (from: number, to: number) => boolean> = {
  points_per_unit: (from, to) => to < from,
  shopping_points_per_unit: (from, to) => to < from,
  points_max_share_bp: (from, to) => to > from,
  earn_rate_bp: (from, to) => to > from,
};
/** One change that makes points worth more waits at a time. */
const POINTS_SUBJECT = 'points.settings';

/** The change that makes points worth more waiting for a second operator, if any. */
export const pendingPointsRequest = (db: Executor) => pendingRequestAbout(db, 'points.settings', POINTS_SUBJECT);

/**
 * Changes what points are worth, the share of the goods they may pay and the percentage completed
 * orders earn; recorded with who (and why, from the console). A change that makes points worth more
 * to every member is value given: it is a request a second operator approves (`points.settings`),
 * listing each such field old → new; what makes them worth less is saved at once. A form's save names
 * the version it read (`loaded`): saved from a copy changed since, it is refused and nothing changes.
 */
export async function setPointsSettings(db: Database, actor: Actor, input: Partial<PointsSettings>, reason = '', loaded?: { base_updated_at: string | undefined }): Promise<PointsSettings & { updated_by: string; request: ApprovalRequest | null }> {
  const operator = operatorNameOf(actor);
  for (const [key, value] of Object.entries(input) as Array<[keyof PointsSettings, number | undefined]>) {
    const [min, max] = RANGES[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < min || value > max)) throw new AppError(ResponseCode.settingInvalid, { allowed: `${key}: a whole number from ${min} to ${max}` });
  }
  return withTransaction(db, async (tx) => {
    const current = await q.lockOrderSettingsForUpdate(tx);
    if (loaded) assertLoadedVersion(current.points_updated_at, loaded.base_updated_at);
    const changed = (Object.keys(GIVES_MORE) as Array<keyof PointsSettings>).filter((f) => input[f] !== undefined && input[f] !== current[f]);
    const changes: ApprovalChange[] = changed.filter((f) => GIVES_MORE[f](current[f], input[f]!)).map((f) => ({ field: f, star: null, from: current[f], to: input[f]! }));
    // The request first: refused (a different one waits), nothing is saved.
    const request = changes.length
      ? (
          await requestApproval<Partial<PointsSettings>, PointsSettings>(tx, actor, {
            kind: 'points.settings',
            memberId: null,
            currency: 'XXX',
            amount: null,
            payload: Object.fromEntries(changes.map((c) => [c.field, c.to])),
            summary: `points settings: ${changes.map((c) => `${c.field} ${c.from} → ${c.to}`).join('; ')}`,
            changes,
            subject: POINTS_SUBJECT,
            reason: reason || 'points settings',
          })
        ).request
      : null;
    // What makes points worth less is in force now (a save that changes nothing is recorded as before).
    const now: Partial<PointsSettings> = Object.fromEntries(changed.filter((f) => !GIVES_MORE[f](current[f], input[f]!)).map((f) => [f, input[f]]));
    const s = Object.keys(now).length || !changes.length ? await savePoints(tx, operator, now, reason) : current;
    return { ...valuesOf(s), updated_by: s.points_updated_by, request };
  });
}

/** The four points settings of the order settings' row. */
const valuesOf = (s: PointsSettings): PointsSettings => ({ points_per_unit: s.points_per_unit, shopping_points_per_unit: s.shopping_points_per_unit, points_max_share_bp: s.points_max_share_bp, earn_rate_bp: s.earn_rate_bp });

/** Saves points settings as they are to be, recorded with who and why. */
async function savePoints(tx: Tx, operator: string, change: Partial<PointsSettings>, reason: string) {
  const s = await q.updatePointsSettings(tx, change, operator);
  await insertOperatorAction(tx, {
    operator,
    action: 'order.points',
    target_type: 'setting',
    target_id: 0,
    reason,
    facts: {
      key: 'points_settings',
      points_per_unit: change.points_per_unit ?? null,
      shopping_points_per_unit: change.shopping_points_per_unit ?? null,
      points_max_share_bp: change.points_max_share_bp ?? null,
      earn_rate_bp: change.earn_rate_bp ?? null,
    },
  });
  return s;
}

/** Carries out an approved change that makes points worth more, once (its request's state decides), as the approving operator. */
export async function saveApprovedPointsSettings(tx: Tx, actor: Actor, asked: Partial<PointsSettings>, request: { id: number; reason: string }): Promise<PointsSettings> {
  await q.lockOrderSettingsForUpdate(tx);
  return valuesOf(await savePoints(tx, operatorNameOf(actor), asked, request.reason));
}

