import { inject } from 'vitest';
import type { ShopUnderTest } from './global-setup.js';

/**
 * The shop this browser test file runs against: its test worker's own (VITEST_POOL_ID is 1 to the
 * number of workers, and no two files running at the same time share it), so files running side by
 * side never see each other's members, orders or settings.
 */
export function shopUnderTest(): ShopUnderTest {
  const shops = inject('shops');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return shops[(worker - 1) % shops.length]!;
}

export const { baseUrl, databaseUrl, apiLog } = shopUnderTest();
