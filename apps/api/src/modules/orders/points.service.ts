import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction } from '../../lib/transaction.js';
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

/**
 * Changes what points are worth, the share of the goods they may pay and the percentage completed orders earn; recorded with who (and why, from the console).
 * A form's save names the version it read (`loaded`): saved from a copy changed since, it is refused and nothing changes.
 */
export async function setPointsSettings(db: Database, actor: Actor, input: Partial<PointsSettings>, reason = '', loaded?: { base_updated_at: string | undefined }): Promise<PointsSettings & { updated_by: string }> {
  const operator = operatorNameOf(actor);
  for (const [key, value] of Object.entries(input) as Array<[keyof PointsSettings, number | undefined]>) {
    const [min, max] = RANGES[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < min || value > max)) throw new AppError(ResponseCode.settingInvalid, { allowed: `${key}: a whole number from ${min} to ${max}` });
  }
  return withTransaction(db, async (tx) => {
    if (loaded) assertLoadedVersion((await q.lockOrderSettingsForUpdate(tx)).points_updated_at, loaded.base_updated_at);
    const s = await q.updatePointsSettings(tx, input, operator);
    await insertOperatorAction(tx, {
      operator,
      action: 'order.points',
      target_type: 'setting',
      target_id: 0,
      reason,
      facts: {
        key: 'points_settings',
        points_per_unit: input.points_per_unit ?? null,
        shopping_points_per_unit: input.shopping_points_per_unit ?? null,
        points_max_share_bp: input.points_max_share_bp ?? null,
        earn_rate_bp: input.earn_rate_bp ?? null,
      },
    });
    return { points_per_unit: s.points_per_unit, shopping_points_per_unit: s.shopping_points_per_unit, points_max_share_bp: s.points_max_share_bp, earn_rate_bp: s.earn_rate_bp, updated_by: s.points_updated_by };
  });
}

