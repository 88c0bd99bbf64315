import { routeOf } from '@shop/contract/common';
import type {
  adminAccountEntries, adminAdjustmentLimits, adminDecideAdjustment, adminGiftCardBatches, adminLedgerJournal, adminLedgerKinds, adminListAdjustments, adminMemberAccounts,
  adminRequestAdjustment, adminSetAdjustmentLimit, adminListRates, adminSetRate, adminPayMethods, adminSetPayMethod, adminWalletLimits, adminRechargeChannels, adminCollectionAccounts,
  adminBankList, adminCryptoAddressPool, adminListApprovals, adminDecideApproval, adminCancelApproval, adminApprovalLimits, adminSetApprovalLimit, adminLedgerCheck,
} from '@shop/contract/admin';
import type {
  adminAddBank, adminAddCollectionAccount, adminAddCryptoAddresses, adminGrantPoints, adminIssueGiftCards, adminSetRechargeChannel, adminSetWalletLimit,
} from '@shop/contract/wallet';
import { memberRoute } from './routes';

// The money pages' calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
export const journalRoute = routeOf<typeof adminLedgerJournal>({ method: 'GET', path: '/admin/api/ledger/journal', ...op });
export const ledgerCheckRoute = routeOf<typeof adminLedgerCheck>({ method: 'GET', path: '/admin/api/ledger/check', ...op });
export const entryKindsRoute = routeOf<typeof adminLedgerKinds>({ method: 'GET', path: '/admin/api/ledger/kinds', ...op });
export const memberAccountsRoute = routeOf<typeof adminMemberAccounts>({ method: 'GET', path: '/admin/api/ledger/accounts', ...op });
export const accountEntriesRoute = routeOf<typeof adminAccountEntries>({ method: 'GET', path: '/admin/api/ledger/account-entries', ...op });
export const requestAdjustmentRoute = routeOf<typeof adminRequestAdjustment>({ method: 'POST', path: '/admin/api/ledger/adjustments', ...op });
export const adjustmentsRoute = routeOf<typeof adminListAdjustments>({ method: 'GET', path: '/admin/api/ledger/adjustments', ...op });
export const decideAdjustmentRoute = routeOf<typeof adminDecideAdjustment>({ method: 'POST', path: '/admin/api/ledger/adjustments/decide', ...op });
export const adjustmentLimitsRoute = routeOf<typeof adminAdjustmentLimits>({ method: 'GET', path: '/admin/api/ledger/adjustment-limits', ...op });
export const setAdjustmentLimitRoute = routeOf<typeof adminSetAdjustmentLimit>({ method: 'POST', path: '/admin/api/ledger/adjustment-limits', ...op });
export const giftCardBatchesRoute = routeOf<typeof adminGiftCardBatches>({ method: 'GET', path: '/admin/api/wallet/gift-card-batches', ...op });
export const issueGiftCardsRoute = routeOf<typeof adminIssueGiftCards>({ method: 'POST', path: '/admin/api/wallet/gift-cards/issue', ...op });
export const grantPointsRoute = routeOf<typeof adminGrantPoints>({ method: 'POST', path: '/admin/api/wallet/points/grant', ...op });
export const ratesRoute = routeOf<typeof adminListRates>({ method: 'GET', path: '/admin/api/rates/list', ...op });
export const setRateRoute = routeOf<typeof adminSetRate>({ method: 'POST', path: '/admin/api/rates/set', ...op });
export const payMethodsRoute = routeOf<typeof adminPayMethods>({ method: 'GET', path: '/admin/api/payments/methods', ...op });
export const setPayMethodRoute = routeOf<typeof adminSetPayMethod>({ method: 'POST', path: '/admin/api/payments/methods', ...op });
export const walletLimitsRoute = routeOf<typeof adminWalletLimits>({ method: 'GET', path: '/admin/api/wallet/limits', ...op });
export const setWalletLimitRoute = routeOf<typeof adminSetWalletLimit>({ method: 'POST', path: '/admin/api/wallet/limits', ...op });
export const rechargeChannelsRoute = routeOf<typeof adminRechargeChannels>({ method: 'GET', path: '/admin/api/wallet/recharge-channels', ...op });
export const setRechargeChannelRoute = routeOf<typeof adminSetRechargeChannel>({ method: 'POST', path: '/admin/api/wallet/recharge-channels', ...op });
export const collectionAccountsRoute = routeOf<typeof adminCollectionAccounts>({ method: 'GET', path: '/admin/api/wallet/collection-accounts', ...op });
export const addCollectionAccountRoute = routeOf<typeof adminAddCollectionAccount>({ method: 'POST', path: '/admin/api/wallet/collection-accounts', ...op });
export const banksRoute = routeOf<typeof adminBankList>({ method: 'GET', path: '/admin/api/wallet/banks', ...op });
export const addBankRoute = routeOf<typeof adminAddBank>({ method: 'POST', path: '/admin/api/wallet/banks', ...op });
export const cryptoPoolRoute = routeOf<typeof adminCryptoAddressPool>({ method: 'GET', path: '/admin/api/wallet/crypto-addresses', ...op });
export const addCryptoAddressesRoute = routeOf<typeof adminAddCryptoAddresses>({ method: 'POST', path: '/admin/api/wallet/crypto-addresses', ...op });

/** Every answer about the ledger (journal, kinds, accounts and entries, adjustments and their limits, gift-card batches): what a posting may change. */
export const ledgerAnswers = [journalRoute, entryKindsRoute, memberAccountsRoute, accountEntriesRoute, adjustmentsRoute, adjustmentLimitsRoute, giftCardBatchesRoute];
/** The ledger's answers and the member's profile (balances): what a posting to a member's account changes. */
export const memberPostingAnswers = [...ledgerAnswers, memberRoute];
export const approvalsRoute = routeOf<typeof adminListApprovals>({ method: 'GET', path: '/admin/api/approvals', ...op });
export const decideApprovalRoute = routeOf<typeof adminDecideApproval>({ method: 'POST', path: '/admin/api/approvals/decide', ...op });
export const cancelApprovalRoute = routeOf<typeof adminCancelApproval>({ method: 'POST', path: '/admin/api/approvals/cancel', ...op });
export const approvalLimitsRoute = routeOf<typeof adminApprovalLimits>({ method: 'GET', path: '/admin/api/approvals/limits', ...op });
export const setApprovalLimitRoute = routeOf<typeof adminSetApprovalLimit>({ method: 'POST', path: '/admin/api/approvals/limits/set', ...op });
