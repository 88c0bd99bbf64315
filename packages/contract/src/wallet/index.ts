// The wallet area's calls: `@shop/contract/wallet` (one area, without building the others).
export * from './wallet.endpoints.js';
// The bodies the app's forms check, and the states its pages name.
export {
  createTransferBody,
  createWithdrawalBody,
  createCryptoWithdrawalBody,
  createBankCardBody,
  updateBankCardBody,
  createRechargeBody,
  giveGiftCardBody,
  moveRewardsBody,
  redeemGiftCardBody,
  RECHARGE_KINDS,
  RECHARGE_STATUSES,
  WITHDRAWAL_STATUSES,
  GIFT_CARD_STATUSES,
  BANK_TYPES,
  POINT_KINDS,
} from './wallet.schemas.js';
export * from './wallet.admin.js';
// Whether a stablecoin address is one of its network's (the withdraw form checks it as it is sent).
export { cryptoAddressProblem, isCryptoAddress } from './crypto-address.js';
