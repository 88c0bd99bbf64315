import type { Executor } from '../../db/database.js';

// The wallet's currency setting (which currencies members hold and top up in).

/** Adds a currency to the wallet or switches it on or off; answers nothing for a currency the shop does not know. */
export const upsertWalletCurrency = (db: Executor, currency: string, enabled: boolean) =>
  db
    .insertInto('wallet_currencies')
    .columns(['currency', 'enabled'])
    .expression((eb) => eb.selectFrom('currencies').select([eb.val(currency).as('currency'), eb.val(enabled).as('enabled')]).where('code', '=', currency))
    .onConflict((oc) => oc.column('currency').doUpdateSet({ enabled }))
    .returning(['currency', 'enabled', 'is_settlement'])
    .executeTakeFirst();
