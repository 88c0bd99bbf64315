import {
  adminAccountEntries, adminAdjustmentLimits, adminDecideAdjustment, adminGiftCardBatches, adminLedgerJournal, adminLedgerKinds, adminListAdjustments, adminMemberAccounts,
  adminRequestAdjustment, adminSetAdjustmentLimit, adminListRates, adminPayMethods, adminSetPayMethod, adminWalletLimits, adminRechargeChannels, adminCollectionAccounts,
  adminBankList, adminCryptoAddressPool, adminExportAdjustments, adminExportGiftCardBatches, adminExportJournal, adminLedgerCheck, adminRateQuote, adminSetRate,
} from '@shop/contract';
import { sendFile } from '../../plugins/file-reply.js';
import { exportList } from '../operator-actions/operator-actions.service.js';
import type { Api } from '../../plugins/routes.js';
import * as service from './money-console.service.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** The console's money calls: the ledger's journal and accounts, manual adjustments and their limits, gift-card batches, the money settings' lists. */
export function moneyConsoleRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(adminLedgerJournal, ({ actor, query }) => service.journal(db, actor, query));
  handle(adminExportJournal, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.journalExport, query)));
  handle(adminExportAdjustments, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.adjustmentsExport, query)));
  handle(adminExportGiftCardBatches, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.giftCardBatchesExport, query)));
  handle(adminLedgerKinds, ({ actor }) => service.entryKinds(db, actor));
  handle(adminMemberAccounts, ({ actor, query }) => service.memberAccounts(db, actor, query));
  handle(adminAccountEntries, ({ actor, query }) => service.accountEntries(db, actor, query));
  handle(adminRequestAdjustment, ({ actor, body }) => service.requestAdjustment(db, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminListAdjustments, ({ actor, query }) => service.adjustments(db, actor, query));
  handle(adminDecideAdjustment, ({ actor, body }) => service.decideAdjustment(db, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminAdjustmentLimits, ({ actor }) => service.adjustmentLimits(db, actor));
  handle(adminSetAdjustmentLimit, ({ actor, body }) => service.setAdjustmentLimit(db, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminGiftCardBatches, ({ actor, query }) => service.giftCardBatches(db, actor, query));
  handle(adminListRates, ({ actor }) => service.rates(db, actor));
  handle(adminRateQuote, ({ query }) => service.rateQuote(db, query));
  handle(adminSetRate, ({ actor, body }) => service.setRate(db, actor, body));
  handle(adminLedgerCheck, () => service.checkLedger(db));
  handle(adminPayMethods, ({ actor }) => service.payMethods(db, actor));
  handle(adminSetPayMethod, ({ actor, body }) => service.setPayMethod(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminWalletLimits, ({ actor }) => service.walletLimits(db, actor));
  handle(adminRechargeChannels, ({ actor }) => service.rechargeChannels(db, actor));
  handle(adminCollectionAccounts, ({ actor }) => service.collectionAccounts(db, actor));
  handle(adminBankList, ({ actor, query }) => service.bankList(db, actor, query));
  handle(adminCryptoAddressPool, ({ actor, query }) => service.cryptoAddressPool(db, actor, query));
}
