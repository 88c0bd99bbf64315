import type { AppDeps } from '../../app-deps.js';
import { dropOnChanges } from '../../lib/cache.js';
import type { Change } from '../../lib/changes.js';

/** Tags of the wallet's cached answers: every member's, or one member's. */
export const WalletTag = {
  assets: 'wallet-assets',
  memberAssets: (memberId: number) => `wallet-assets:${memberId}`,
} as const;

const tagsOf = (change: Change): string[] => {
  if (change.kind === 'balances') return change.memberIds.map(WalletTag.memberAssets);
  // Rates and the wallet's currencies change every member's figures. Cached answers named by tag are the
  // response cache's own business (and this listener's invalidations announce them); nothing else moves a balance.
  if (change.kind === 'rates' || change.kind === 'wallet-currencies' || change.kind === 'all') return [WalletTag.assets];
  return [];
};

/**
 * Drops the cached asset answers whose figures changed: a member's when postings touched their
 * accounts, everyone's when rates or the wallet's currencies changed. Answers the function that stops it.
 */
export const dropWalletAnswersOnChanges = (deps: Pick<AppDeps, 'config' | 'redis'>): (() => void) => dropOnChanges(deps, tagsOf);
