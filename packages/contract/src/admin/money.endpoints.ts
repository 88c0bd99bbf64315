import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { pageOf } from '../common/pagination.js';
import { exportOf } from '../common/list-sort.js';
import * as s from './money.schemas.js';

// The console's money calls (under /admin/api/ledger/ and /admin/api/wallet/).

/** Journal entries with their postings, newest first, by member, kind and date. */
export const adminLedgerJournal = endpoint({ method: 'GET', path: '/admin/api/ledger/journal', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.journalQuery, data: pageOf(s.journalEntrySchema) });
/** Every kind of entry the journal holds (for the kind filter). */
export const adminLedgerKinds = endpoint({ method: 'GET', path: '/admin/api/ledger/kinds', auth: 'operator', permission: 'ledger.read', area: 'admin', data: s.ledgerKindsData });
/** A member's ledger accounts: balance, held amount and number of entries. */
export const adminMemberAccounts = endpoint({ method: 'GET', path: '/admin/api/ledger/accounts', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.memberAccountsQuery, data: s.memberAccountsData });
/** One account's postings, newest first, with the balance after each. */
export const adminAccountEntries = endpoint({ method: 'GET', path: '/admin/api/ledger/account-entries', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.accountEntriesQuery, data: pageOf(s.accountLineSchema) });

/** Asks for a manual adjustment of a member's balance with a reason: posted at once up to the currency's limit, else waits for a second operator. */
export const adminRequestAdjustment = endpoint({ method: 'POST', path: '/admin/api/ledger/adjustments', auth: 'operator', permission: 'ledger.adjust', area: 'admin', idempotent: true, body: s.adjustmentBody, data: s.adjustmentSchema });
/** Manual adjustments by state (pending: the approval queue, oldest first). */
export const adminListAdjustments = endpoint({ method: 'GET', path: '/admin/api/ledger/adjustments', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.adjustmentListQuery, data: pageOf(s.adjustmentSchema) });
/** A second operator approves (posts) or rejects (reason required) a pending adjustment; nobody approves their own. */
export const adminDecideAdjustment = endpoint({ method: 'POST', path: '/admin/api/ledger/adjustments/decide', auth: 'operator', permission: 'ledger.adjust', area: 'admin', idempotent: true, body: s.adjustmentDecisionBody, data: s.adjustmentSchema });
/** The amount per currency above which an adjustment needs a second operator. */
export const adminAdjustmentLimits = endpoint({ method: 'GET', path: '/admin/api/ledger/adjustment-limits', auth: 'operator', permission: 'ledger.read', area: 'admin', data: s.adjustmentLimitsData });
/** Sets a currency's approval limit, recorded with the reason. */
export const adminSetAdjustmentLimit = endpoint({ method: 'POST', path: '/admin/api/ledger/adjustment-limits', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: s.adjustmentLimitBody, data: s.adjustmentLimitsData });

/** Gift-card batches issued, newest first, optionally of one member. */
export const adminGiftCardBatches = endpoint({ method: 'GET', path: '/admin/api/wallet/gift-card-batches', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.giftCardBatchQuery, data: pageOf(s.giftCardBatchSchema) });

/** Each pair's latest feed (ECB) and operator rate, and which one conversions use. */
export const adminListRates = endpoint({ method: 'GET', path: '/admin/api/rates/list', auth: 'operator', permission: 'rates.read', area: 'admin', data: s.ratesData });
/** Every payment method per currency and country, with its fee, on or off. */
export const adminPayMethods = endpoint({ method: 'GET', path: '/admin/api/payments/methods', auth: 'operator', permission: 'ledger.read', area: 'admin', data: z.object({ list: z.array(s.payMethodSettingSchema) }) });
/** Changes a payment method's fee, order, or turns it on or off, with a reason. */
export const adminSetPayMethod = endpoint({ method: 'POST', path: '/admin/api/payments/methods', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: s.payMethodBody, data: s.payMethodSettingSchema });
/** Withdrawal and transfer fees and limits per currency. */
export const adminWalletLimits = endpoint({ method: 'GET', path: '/admin/api/wallet/limits', auth: 'operator', permission: 'ledger.read', area: 'admin', data: z.object({ list: z.array(s.walletLimitSchema) }) });
/** Every top-up channel, on or off. */
export const adminRechargeChannels = endpoint({ method: 'GET', path: '/admin/api/wallet/recharge-channels', auth: 'operator', permission: 'ledger.read', area: 'admin', data: z.object({ list: z.array(s.rechargeChannelRowSchema) }) });
/** Every company collection account, on or off. */
export const adminCollectionAccounts = endpoint({ method: 'GET', path: '/admin/api/wallet/collection-accounts', auth: 'operator', permission: 'ledger.read', area: 'admin', data: z.object({ list: z.array(s.collectionAccountRowSchema) }) });
/** Banks, e-wallets and branches, optionally of one country. */
export const adminBankList = endpoint({ method: 'GET', path: '/admin/api/wallet/banks', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.bankListQuery, data: z.object({ list: z.array(s.bankRowSchema) }) });
/** The stablecoin deposit address pool: addresses with the member each was given to, and what is left per network. */
export const adminCryptoAddressPool = endpoint({ method: 'GET', path: '/admin/api/wallet/crypto-addresses', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.cryptoPoolQuery, data: s.cryptoPoolData });

/** The journal, the adjustments and the gift-card batches as CSV files (same filters and sort, every row). */
export const adminExportJournal = exportOf(adminLedgerJournal);
export const adminExportAdjustments = exportOf(adminListAdjustments);
export const adminExportGiftCardBatches = exportOf(adminGiftCardBatches);

export const moneyConsoleEndpoints = [
  adminExportJournal, adminExportAdjustments, adminExportGiftCardBatches,
  adminLedgerJournal, adminLedgerKinds, adminMemberAccounts, adminAccountEntries, adminRequestAdjustment, adminListAdjustments, adminDecideAdjustment, adminAdjustmentLimits, adminSetAdjustmentLimit,
  adminGiftCardBatches, adminListRates, adminPayMethods, adminSetPayMethod, adminWalletLimits, adminRechargeChannels, adminCollectionAccounts, adminBankList, adminCryptoAddressPool,
] as const;
