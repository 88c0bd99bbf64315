import type { Database } from '../../db/database.js';
import { deleteStale } from './housekeeping.queries.js';

/**
 * Removes rows that no longer mean anything: expired codes, puzzles, tokens, old login failures,
 * sessions long ended, and old development mail. Answers how many rows each table lost. Run hourly
 * by the `housekeeping` job.
 */
export async function purgeStaleRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, purge] of Object.entries(deleteStale)) counts[table] = await purge(db);
  return counts;
}
