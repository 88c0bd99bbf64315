import type { Transaction } from 'kysely';
import type { ClosingBalances } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';

/**
 * Where the money areas plug into closing an account without this module importing them (the wallet
 * answers, wiring.ts): what of the member's money and points is in the account, and, at the closing
 * itself, the same weighed with the accounts locked and the points given up when no money is left.
 */
export interface ClosingHooks {
  balances: (db: Executor, userId: number) => Promise<ClosingBalances>;
  forfeit: (trx: Transaction<DB>, actor: Actor, input: { userId: number; cancellationId: number }) => Promise<ClosingBalances>;
}

const nothing = async (): Promise<ClosingBalances> => ({ money: [], forfeited: { points: 0, shopping_points: 0 } });

export const closingHooks: ClosingHooks = { balances: nothing, forfeit: nothing };
