import * as c from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { withSignedSlip, withSignedSlips } from '../uploads/file-addresses.js';
import { dropWalletAnswersOnChanges } from './assets-cache.js';
import * as recharge from './recharge.service.js';
import * as service from './wallet.service.js';
import * as withdrawals from './withdrawals.service.js';

// Money-moving calls are limited per client beyond the app's default.
const moneyLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** The wallet: assets, top-ups, withdrawals, transfers, bank cards, points, gift cards, rewards; and the operators' queues and settings. */
export function walletRoutes({ handle, deps, app }: Api): void {
  const { db } = deps;
  // The asset answers are cached; this drops them whenever the ledger, rates or currencies change.
  const stopDropping = dropWalletAnswersOnChanges(deps);
  app.addHook('onClose', async () => stopDropping());
  handle(c.getAssetsPage, ({ actor, query }) => service.cachedAssets(deps, c.getAssetsPage, actor, query));
  handle(c.getWalletAssets, ({ actor, query }) => service.cachedAssets(deps, c.getWalletAssets, actor, query));
  handle(c.getWalletTotals, ({ actor, query }) => service.totals(db, actor, query));
  handle(c.getCurrencyOverview, ({ actor }) => service.currencyOverview(db, actor));
  handle(c.getExchangeRatio, ({ actor, query }) => service.exchangeRatio(db, actor, query));

  handle(c.listPointsLog, ({ actor, query }) => service.pointsLog(deps, actor, query));
  handle(c.getPointsEntry, ({ actor }) => service.pointsInfo(deps, actor));
  handle(c.getRewardTotals, ({ actor }) => service.rewardTotals(deps, actor));
  handle(c.listRewards, ({ actor, query }) => service.rewardLog(deps, actor, query));
  handle(c.getRewardLogPage, ({ actor, query }) => service.rewardLog(deps, actor, query));
  handle(c.getMonthlyRewards, ({ actor, query }) => service.monthRewards(db, actor, query));
  handle(c.moveRewardsToCash, ({ actor, body }) => service.moveRewardsToCash(db, actor, body), moneyLimit);

  handle(c.listRechargeChannels, ({ actor }) => recharge.rechargeChannels(db, actor));
  handle(c.listCompanyCollectionAccounts, ({ actor, query }) => recharge.collectionAccounts(db, actor, query));
  handle(c.getCtcbUsdtInstalmentRecharge, ({ actor, query }) => recharge.instalmentPlans(db, actor, query));
  handle(c.getRechargeConfig, ({ actor }) => recharge.rechargeConfig(db, actor));
  handle(c.getRechargeInfo, ({ actor }) => recharge.rechargeInfo(db, actor));
  handle(c.listRechargeOrders, async ({ actor, query }) => withSignedSlips(deps, await recharge.listMemberRecharges(db, actor, query)));
  handle(c.getRechargeOrder, async ({ actor, query }) => withSignedSlip(deps, await recharge.rechargeOrderInfo(db, actor, query)));
  handle(c.createRechargeOrder, async ({ actor, body }) => withSignedSlip(deps, await recharge.createRecharge(db, actor, body)), moneyLimit);
  handle(c.createRecharge, async ({ actor, body }) => withSignedSlip(deps, await recharge.createRecharge(db, actor, body)), moneyLimit);
  handle(c.createCtcbRecharge, ({ actor, body }) => recharge.createRecharge(db, actor, { ...body, channel: 'ctbc', instalments: undefined }, 'ctbc'), moneyLimit);
  handle(c.createCtcbUsdtRecharge, ({ actor, body }) => recharge.createRecharge(db, actor, { ...body, channel: 'ctbc' }, 'ctbc'), moneyLimit);
  handle(c.getCryptoDepositAddress, ({ actor, query }) => recharge.cryptoDepositAddress(db, actor, query));

  handle(c.listWithdrawalChannels, ({ actor }) => withdrawals.withdrawalChannels(db, actor));
  handle(c.getWithdrawalRatio, ({ actor, query }) => withdrawals.withdrawalRatio(db, actor, query));
  handle(c.createWithdrawal, ({ actor, body }) => withdrawals.withdrawToCard(deps, actor, body), moneyLimit);
  handle(c.createCurrencyWithdrawal, ({ actor, body }) => withdrawals.withdrawToCard(deps, actor, body), moneyLimit);
  handle(c.createCryptoWithdrawal, ({ actor, body }) => withdrawals.withdrawToCrypto(deps, actor, body), moneyLimit);
  handle(c.listWithdrawals, ({ actor, query }) => withdrawals.listMemberWithdrawals(db, actor, query));
  handle(c.getWithdrawal, ({ actor, query }) => withdrawals.withdrawalInfo(db, actor, query));
  handle(c.cancelWithdrawal, ({ actor, body }) => withdrawals.cancelWithdrawal(db, actor, body), moneyLimit);

  handle(c.createTransfer, ({ actor, body }) => service.transfer(deps, actor, body), moneyLimit);
  handle(c.listTransfers, ({ actor, query }) => service.listMemberTransfers(db, actor, query));
  handle(c.getTransfer, ({ actor, query }) => service.transferInfo(deps, actor, query));

  handle(c.listBanks, ({ actor, query }) => service.banks(db, actor, query));
  handle(c.listBankCardBanks, ({ actor, query }) => service.banks(db, actor, query));
  handle(c.listBanksByType, ({ actor, query }) => service.banks(db, actor, query));
  handle(c.listBankBranches, ({ actor, query }) => service.branches(db, actor, query));
  handle(c.addBankCard, ({ actor, body }) => service.addCard(deps, actor, body), moneyLimit);
  handle(c.updateBankCard, ({ actor, body }) => service.updateCard(deps, actor, body), moneyLimit);
  handle(c.deleteBankCard, ({ actor, body }) => service.deleteCard(db, actor, body));
  handle(c.listBankCards, ({ actor }) => service.listCards(db, actor));
  handle(c.getBankCard, ({ actor, query }) => service.cardInfo(db, actor, query));

  handle(c.listGiftCards, ({ actor, query }) => service.listMemberGiftCards(db, actor, query));
  handle(c.giveGiftCard, ({ actor, body }) => service.giveGiftCards(deps, actor, body), moneyLimit);
  handle(c.redeemGiftCardToBalance, ({ actor, body }) => service.redeemGiftCardToCash(db, actor, body), moneyLimit);

  handle(c.adminListWithdrawals, ({ actor, query }) => withdrawals.adminWithdrawals(db, actor, query));
  handle(c.adminApproveWithdrawal, ({ actor, body }) => withdrawals.approveWithdrawal(db, actor, body));
  handle(c.adminMarkWithdrawalPaid, ({ actor, body }) => withdrawals.markWithdrawalPaid(db, actor, body));
  handle(c.adminRejectWithdrawal, ({ actor, body }) => withdrawals.rejectWithdrawal(db, actor, body));
  handle(c.adminListRecharges, async ({ actor, query }) => withSignedSlips(deps, await recharge.adminRecharges(db, actor, query)));
  handle(c.adminConfirmRecharge, ({ actor, body }) => recharge.confirmRecharge(db, actor, body));
  handle(c.adminRejectRecharge, async ({ actor, body }) => withSignedSlip(deps, await recharge.rejectRecharge(db, actor, body)));
  handle(c.adminIssueGiftCards, ({ actor, body }) => service.issueGiftCards(db, actor, body), { idempotencyCaller: operatorCaller });
  handle(c.adminGrantPoints, ({ actor, body }) => service.grantPoints(db, actor, body), { idempotencyCaller: operatorCaller });
  handle(c.adminAddBank, ({ actor, body }) => service.addBank(db, actor, body));
  handle(c.adminAddCollectionAccount, ({ actor, body }) => recharge.addCollectionAccount(db, actor, body));
  handle(c.adminSetRechargeChannel, ({ actor, body }) => recharge.setRechargeChannel(db, actor, body, { base_updated_at: body.base_updated_at }));
  handle(c.adminSetWalletLimit, ({ actor, body }) => recharge.setWalletLimit(db, actor, body, { base_updated_at: body.base_updated_at }));
  handle(c.adminAddCryptoAddresses, ({ actor, body }) => recharge.addCryptoAddresses(db, actor, body));
}

const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);
