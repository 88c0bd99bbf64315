// One shape for a page of a list: what the contract's paged answers carry.
import type { OperationNode, SelectQueryNode } from 'kysely';

/** A page of `list` out of `total`, for the page and limit asked for. */
export const pageOf = <T>(list: T[], total: number, input: { page: number; limit: number }) => ({ list, total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total });

/** The rows of one page and the count of the whole list, which a page past the end knows too. */
export type PageRows<R> = R[] & { readonly total: number };

/** A select of one page (`limit`/`offset` applied) carrying the list's count on each row as `total` (`count(*) over ()`). */
interface PagedSelect<R extends { total: string | number }> {
  execute(): Promise<R[]>;
  clearOffset(): { limit(limit: number): { execute(): Promise<R[]> } };
  toOperationNode(): SelectQueryNode;
}

const isValue = (node: OperationNode): node is OperationNode & { value: unknown } => node.kind === 'ValueNode';

/** Whether the select skips rows (a page other than the first). */
const skipsRows = <R extends { total: string | number }>(q: PagedSelect<R>) => {
  const offset = q.toOperationNode().offset?.offset;
  return offset !== undefined && !(isValue(offset) && Number(offset.value) === 0);
};

const withTotal = <R>(rows: R[], total: number): PageRows<R> => Object.defineProperty(rows, 'total', { value: total, enumerable: false }) as PageRows<R>;

/**
 * Runs a page's select: one statement when the page has rows; a page past the end has no row to
 * carry the count, so the same select is asked once more from the start for it.
 */
export async function executePage<R extends { total: string | number }>(q: PagedSelect<R>): Promise<PageRows<R>> {
  const rows = await q.execute();
  if (rows.length || !skipsRows(q)) return withTotal(rows, rows.length ? Number(rows[0]!.total) : 0);
  const [first] = await q.clearOffset().limit(1).execute();
  return withTotal(rows, first ? Number(first.total) : 0);
}

/** The same for a page written in SQL: `run(limit, offset)` answers the page's rows, each carrying `total`. */
export async function executeSqlPage<R extends { total: string | number }>(run: (limit: number, offset: number) => Promise<R[]>, limit: number, offset: number): Promise<PageRows<R>> {
  const rows = await run(limit, offset);
  if (rows.length || offset === 0) return withTotal(rows, rows.length ? Number(rows[0]!.total) : 0);
  const [first] = await run(1, 0);
  return withTotal(rows, first ? Number(first.total) : 0);
}

/** The count of the whole list a page was read from. */
export const totalOf = (rows: PageRows<unknown>): number => rows.total;
