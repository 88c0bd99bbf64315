import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { announce } from '../../lib/changes.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { upsertWalletCurrency } from './currencies.queries.js';
import { walletCurrencies } from './wallet.rules.js';

/** An operator offers a currency in the wallet or stops offering it (never the settlement currency), recorded; every cached asset answer follows. */
export async function setWalletCurrency(db: Database, actor: Actor, input: { currency: string; enabled: boolean; reason?: string }) {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    if ((await walletCurrencies(tx)).settlement === input.currency && !input.enabled) throw new AppError(ResponseCode.settingInvalid, undefined, { messageKey: 'admin.code.settlementCurrencyOff' });
    const row = await upsertWalletCurrency(tx, input.currency, input.enabled);
    if (!row) throw new AppError(ResponseCode.currencyUnsupported, { currency: input.currency });
    await insertOperatorAction(tx, { operator, action: input.enabled ? 'wallet_currency.on' : 'wallet_currency.off', target_type: 'setting', target_id: 0, reason: input.reason ?? null, facts: { key: 'wallet_currency', currency: input.currency } });
    announce(tx, { kind: 'wallet-currencies' });
    return { currency: row.currency, enabled: row.enabled };
  });
}
