import { load, warm, type LoadResult } from './load.js';

/** One measured catalogue call with the budget it must meet against the envelope-only baseline. */
export interface CatalogueBenchRow extends LoadResult {
  /** Minimum requests/s as a share of the baseline's. */
  minRatio: number;
  /** p99 latency must stay under this. */
  maxP99Ms: number;
}

/** The hottest calls of the shop: home data, the first and a deep goods page, and one goods. */
export const CATALOGUE_CALLS: Array<{ name: string; path: string; minRatio: number }> = [
  { name: 'GET /attractive/page/indexApiData', path: '/attractive/page/indexApiData', minRatio: 0.5 },
  { name: 'GET /shop/goods/list (page 1)', path: '/shop/goods/list?page=1&limit=20', minRatio: 0.5 },
  { name: 'GET /shop/goods/list (page 9)', path: '/shop/goods/list?page=9&limit=20', minRatio: 0.3 },
  { name: 'GET /shop/goods/info', path: '/shop/goods/info?id=57', minRatio: 0.3 },
];

/**
 * Loads each catalogue call of a running shop (seeded with the demo catalogue) at 50 connections
 * and reports requests/s and p99 for each, with its budget. Visitors' requests, as on the home page:
 * the app's usual headers and no token.
 */
export async function benchCatalogue(baseUrl: string): Promise<CatalogueBenchRow[]> {
  const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5' };
  const rows: CatalogueBenchRow[] = [];
  for (const call of CATALOGUE_CALLS) {
    const url = `${baseUrl}${call.path}`;
    const check = (await (await fetch(url, { headers })).json()) as { code: number };
    if (check.code !== 200) throw new Error(`${call.path} answered code ${check.code}: is the demo catalogue seeded?`);
    await warm(url, headers);
    rows.push({ ...(await load(call.name, url, { headers })), minRatio: call.minRatio, maxP99Ms: 20 });
  }
  return rows;
}
