import { sql, type SelectQueryBuilder } from 'kysely';
import type { SortOrder } from '@shop/contract';

/** How a list is ordered when the operator has not chosen: a column of the list and a direction. */
export interface DefaultOrder<K extends string> {
  sort: K;
  order: SortOrder;
}

/**
 * Orders a list by the column the operator chose (a name of `columns`, mapped to its SQL column),
 * empty values last, then by `tiebreak` so pages never overlap. Without a choice, `fallback`.
 */
export function orderList<DB, TB extends keyof DB, O, K extends string>(
  qb: SelectQueryBuilder<DB, TB, O>,
  input: { sort?: K; order?: SortOrder },
  columns: Record<K, string>,
  fallback: DefaultOrder<K>,
  tiebreak: string,
): SelectQueryBuilder<DB, TB, O> {
  const sort = input.sort !== undefined && input.sort in columns ? input.sort : fallback.sort;
  const order = input.sort !== undefined ? (input.order ?? 'asc') : (input.order ?? fallback.order);
  const column = columns[sort];
  const ordered = qb.orderBy(sql.ref(column), (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast());
  return column === tiebreak ? ordered : ordered.orderBy(sql.ref(tiebreak), order);
}
