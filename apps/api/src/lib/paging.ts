// One shape for a page of a list: what the contract's paged answers carry.

/** A page of `list` out of `total`, for the page and limit asked for. */
export const pageOf = <T>(list: T[], total: number, input: { page: number; limit: number }) => ({ list, total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total });

/** The total a paged query carries on each row (`count(*) over ()`); 0 for an empty page. */
export const totalOf = (rows: ReadonlyArray<{ total: string | number }>): number => (rows.length ? Number(rows[0]!.total) : 0);
