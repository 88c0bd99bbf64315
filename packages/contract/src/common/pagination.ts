import { z } from 'zod';
import { wholeNumber } from './numbers.js';

/** `page` from 1, `limit` up to 100: the paging parameters every list call accepts. */
export const pageQuery = z.object({
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A page of a list: the items, the total count, and where this page stands. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    has_more: z.boolean(),
  });
}
export type Page<T> = { list: T[]; total: number; page: number; limit: number; has_more: boolean };
