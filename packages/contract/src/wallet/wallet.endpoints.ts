import { endpoint } from '../common/endpoint.js';
import * as s from './wallet.schemas.js';

// Calls of the wallet area. `/attractive/currency/*` and `/user/recharge|withdraw|wallet/*` are two
// entries of the app to the same services: they agree on every figure.

// Assets
export const getAssetsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/assetPage', auth: 'member', area: 'wallet', query: s.assetsQuery, data: s.assetsData });
export const getWalletAssets = endpoint({ method: 'GET', path: '/user/wallet/asset', auth: 'member', area: 'wallet', query: s.assetsQuery, data: s.assetsData });
export const getWalletTotals = endpoint({ method: 'GET', path: '/user/wallet/total', auth: 'member', area: 'wallet', query: s.assetsQuery, data: s.totalsData });
export const getCurrencyOverview = endpoint({ method: 'GET', path: '/attractive/currency/index', auth: 'member', area: 'wallet', data: s.currencyOverviewData });
export const getExchangeRatio = endpoint({ method: 'GET', path: '/attractive/currency/changeRatio', auth: 'member', area: 'wallet', query: s.changeRatioQuery, data: s.changeRatioData });

// Points and rewards
export const listPointsLog = endpoint({ method: 'GET', path: '/user/wallet/pointsLog', auth: 'member', area: 'wallet', query: s.pointsLogQuery, data: s.pointsLogData });
export const getPointsEntry = endpoint({ method: 'GET', path: '/user/wallet/pointsInfo', auth: 'member', area: 'wallet', data: s.pointsInfoData });
export const getRewardTotals = endpoint({ method: 'GET', path: '/attractive/reward/total', auth: 'member', area: 'wallet', data: s.rewardTotalData });
export const listRewards = endpoint({ method: 'GET', path: '/attractive/reward/log', auth: 'member', area: 'wallet', query: s.rewardLogQuery, data: s.rewardLogData });
export const getRewardLogPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/rewardLog', auth: 'member', area: 'wallet', query: s.rewardLogQuery, data: s.rewardLogData });
export const getMonthlyRewards = endpoint({ method: 'GET', path: '/attractive/reward/monthReward', auth: 'member', area: 'wallet', query: s.monthRewardQuery, data: s.monthRewardData });
/** Beyond the spec's list (see docs/decisions/2026-11-24-rewards-to-cash.md): moves rewards to the cash balance of the same currency. */
export const moveRewardsToCash = endpoint({ method: 'POST', path: '/attractive/reward/toBalance', auth: 'member', area: 'wallet', idempotent: true, body: s.moveRewardsBody, data: s.moveRewardsData });

// Top-up
export const listRechargeChannels = endpoint({ method: 'GET', path: '/attractive/currency/rechargeChannel', auth: 'member', area: 'wallet', data: s.rechargeChannelsData });
export const listCompanyCollectionAccounts = endpoint({ method: 'GET', path: '/attractive/currency/companyCollectionWay', auth: 'member', area: 'wallet', query: s.collectionAccountsQuery, data: s.collectionAccountsData });
export const getCtcbUsdtInstalmentRecharge = endpoint({ method: 'GET', path: '/attractive/currency/ctcbRechargeUDFenQi', auth: 'member', area: 'wallet', query: s.instalmentQuery, data: s.instalmentData });
export const getRechargeConfig = endpoint({ method: 'GET', path: '/user/recharge/config', auth: 'member', area: 'wallet', data: s.rechargeConfigData });
export const getRechargeInfo = endpoint({ method: 'GET', path: '/user/recharge/info', auth: 'member', area: 'wallet', data: s.rechargeInfoData });
export const listRechargeOrders = endpoint({ method: 'GET', path: '/user/recharge/orderList', auth: 'member', area: 'wallet', query: s.rechargeListQuery, data: s.rechargeListData });
export const getRechargeOrder = endpoint({ method: 'GET', path: '/user/recharge/orderInfo', auth: 'member', area: 'wallet', query: s.idQueryOf, data: s.rechargeOrderSchema });
export const createRechargeOrder = endpoint({ method: 'POST', path: '/user/recharge/create', auth: 'member', area: 'wallet', idempotent: true, body: s.createRechargeBody, data: s.rechargeOrderSchema });
export const createRecharge = endpoint({ method: 'POST', path: '/attractive/currency/recharge', auth: 'member', area: 'wallet', idempotent: true, body: s.createRechargeBody, data: s.rechargeOrderSchema });
export const createCtcbRecharge = endpoint({ method: 'POST', path: '/attractive/currency/ctcbRecharge', auth: 'member', area: 'wallet', idempotent: true, body: s.ctcbRechargeBody, data: s.rechargeOrderSchema });
export const createCtcbUsdtRecharge = endpoint({ method: 'POST', path: '/attractive/currency/ctcbRechargeUD', auth: 'member', area: 'wallet', idempotent: true, body: s.ctcbInstalmentRechargeBody, data: s.rechargeOrderSchema });
export const getCryptoDepositAddress = endpoint({ method: 'GET', path: '/coin/recharge/address', auth: 'member', area: 'wallet', query: s.cryptoAddressQuery, data: s.cryptoAddressData });

// Withdrawals
export const listWithdrawalChannels = endpoint({ method: 'GET', path: '/attractive/currency/withdrawChannel', auth: 'member', area: 'wallet', data: s.withdrawChannelData });
export const getWithdrawalRatio = endpoint({ method: 'GET', path: '/attractive/currency/withdrawRatio', auth: 'member', area: 'wallet', query: s.withdrawRatioQuery, data: s.withdrawRatioData });
export const createWithdrawal = endpoint({ method: 'POST', path: '/user/withdraw/create', auth: 'member', area: 'wallet', idempotent: true, body: s.createWithdrawalBody, data: s.withdrawalSchema });
export const createCurrencyWithdrawal = endpoint({ method: 'POST', path: '/attractive/currency/withdraw', auth: 'member', area: 'wallet', idempotent: true, body: s.createWithdrawalBody, data: s.withdrawalSchema });
export const createCryptoWithdrawal = endpoint({ method: 'POST', path: '/coin/withdraw/create', auth: 'member', area: 'wallet', idempotent: true, body: s.createCryptoWithdrawalBody, data: s.withdrawalSchema });
export const listWithdrawals = endpoint({ method: 'GET', path: '/user/withdraw/list', auth: 'member', area: 'wallet', query: s.withdrawalListQuery, data: s.withdrawalListData });
export const getWithdrawal = endpoint({ method: 'GET', path: '/user/withdraw/info', auth: 'member', area: 'wallet', query: s.idQueryOf, data: s.withdrawalSchema });
/** Beyond the spec's list (see docs/decisions/2026-11-23-withdrawal-cancel.md): the member cancels a pending withdrawal; answers it as `/user/withdraw/info` does. */
export const cancelWithdrawal = endpoint({ method: 'POST', path: '/user/withdraw/cancel', auth: 'member', area: 'wallet', idempotent: true, body: s.cancelWithdrawalBody, data: s.withdrawalSchema });

// Transfers
export const createTransfer = endpoint({ method: 'POST', path: '/user/transfer/create', auth: 'member', area: 'wallet', idempotent: true, body: s.createTransferBody, data: s.transferSchema });
export const listTransfers = endpoint({ method: 'GET', path: '/user/transfer/list', auth: 'member', area: 'wallet', query: s.transferListQuery, data: s.transferListData });
export const getTransfer = endpoint({ method: 'GET', path: '/user/transfer/info', auth: 'member', area: 'wallet', query: s.transferInfoQuery, data: s.transferInfoData });

// Bank cards and banks
export const listBanks = endpoint({ method: 'GET', path: '/attractive/bankList', auth: 'member', area: 'wallet', query: s.bankListQuery, data: s.bankListData });
export const listBanksByType = endpoint({ method: 'GET', path: '/attractive/bankListByType', auth: 'member', area: 'wallet', query: s.bankListByTypeQuery, data: s.bankListData });
export const listBankBranches = endpoint({ method: 'GET', path: '/attractive/getSonBank', auth: 'member', area: 'wallet', query: s.sonBankQuery, data: s.bankListData });
export const listBankCardBanks = endpoint({ method: 'GET', path: '/user/bank_card/bankList', auth: 'member', area: 'wallet', query: s.bankListQuery, data: s.bankListData });
export const addBankCard = endpoint({ method: 'POST', path: '/user/bank_card/create', auth: 'member', area: 'wallet', body: s.createBankCardBody, data: s.bankCardSchema });
export const updateBankCard = endpoint({ method: 'POST', path: '/user/bank_card/update', auth: 'member', area: 'wallet', body: s.updateBankCardBody, data: s.bankCardSchema });
export const deleteBankCard = endpoint({ method: 'POST', path: '/user/bank_card/delete', auth: 'member', area: 'wallet', body: s.deleteBankCardBody, data: s.okData });
export const listBankCards = endpoint({ method: 'GET', path: '/user/bank_card/list', auth: 'member', area: 'wallet', data: s.bankCardListData });
export const getBankCard = endpoint({ method: 'GET', path: '/user/bank_card/info', auth: 'member', area: 'wallet', query: s.idQueryOf, data: s.bankCardSchema });

// Gift cards
export const listGiftCards = endpoint({ method: 'GET', path: '/user/gift_card/list', auth: 'member', area: 'wallet', query: s.giftCardListQuery, data: s.giftCardListData });
export const giveGiftCard = endpoint({ method: 'POST', path: '/user/gift_card/give', auth: 'member', area: 'wallet', idempotent: true, body: s.giveGiftCardBody, data: s.giveGiftCardData });
/** Beyond the spec's list (see docs/decisions/2026-11-24-gift-card-redeem.md): one card's whole remaining value to the cash balance, once. */
export const redeemGiftCardToBalance = endpoint({ method: 'POST', path: '/user/gift_card/redeem', auth: 'member', area: 'wallet', idempotent: true, body: s.redeemGiftCardBody, data: s.redeemGiftCardData });
