import { z } from 'zod';
import { endpoint, type EndpointDef } from './endpoint.js';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `sort` (one of the list's sortable columns) and `order`: what a sortable list accepts besides its filters. */
export function sortQuery<const C extends readonly [string, ...string[]]>(columns: C) {
  return { sort: z.enum(columns).optional(), order: z.enum(SORT_ORDERS).optional() };
}

/**
 * The CSV export of an operator list: the same filters and sort as the list (its paging ignored),
 * every row, under the list's permission, at `<list path>/export`. The answer is `text/csv`, not the envelope.
 */
export function exportOf<Q extends z.ZodType | undefined>(list: EndpointDef<Q, z.ZodType | undefined, z.ZodType | undefined, 'operator'>) {
  return endpoint({ method: 'GET', path: `${list.path}/export`, auth: 'operator', permission: list.permission, area: list.area, query: list.query });
}
