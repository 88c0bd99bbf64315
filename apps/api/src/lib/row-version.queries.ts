import { sql } from 'kysely';

/**
 * The `updated_at` a change of an edited row writes (inside `set`): strictly after the one it had and
 * to the millisecond the wire carries, so an editor that loaded the row before this change can
 * never name it as its base (two changes in one millisecond, or one at the transaction's start
 * time, would otherwise leave it looking unchanged).
 */
export const nextUpdatedAt = sql<Date>`date_trunc('milliseconds', greatest(now(), updated_at + interval '1 millisecond'))`;
