import { ClientCode } from './client-codes.js';

/**
 * The response-code catalogue. `code` travels in the envelope; each code has an i18n key whose
 * text (in the request's language) becomes the envelope's `msg`. Areas add their codes here.
 */
export const ResponseCode = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  /** The request's body is larger than the server accepts. */
  payloadTooLarge: 413,
  validation: 422,
  rateLimited: 429,
  internal: 500,
  notAvailableYet: 501,
  serviceUnavailable: 503,
  tokenInvalid: ClientCode.tokenInvalid,
  loginRequired: ClientCode.loginRequired,
  userNotFound: ClientCode.userNotFound,
  // Requests (1000–1099): idempotency keys of calls that move value or create things.
  /** The `Idempotency-Key` was already used with another method, path or body. */
  idempotencyKeyReused: 1001,
  /** A request with this `Idempotency-Key` (or the same request a moment ago) is still running. */
  requestInProgress: ClientCode.requestInProgress,
  // Accounts and identity (3000–3999).
  /** Unknown account or wrong password: one answer for both. */
  loginFailed: 3001,
  accountBanned: 3002,
  /** The slider must be passed first (openJY answers 1). */
  captchaRequired: 3003,
  captchaFailed: 3004,
  /** Too many failed logins for this account or address; wait. */
  loginLocked: 3005,
  codeInvalid: 3010,
  /** No valid code: never sent, expired or already used. */
  codeExpired: 3011,
  /** Five wrong tries: the code is void. */
  codeLocked: 3012,
  /** A code was sent less than 60 s ago. */
  codeTooSoon: 3013,
  /** Per-destination, per-address or global code limit reached. */
  codeLimit: 3014,
  /** The mail or SMS provider refused or failed. */
  messageNotSent: 3015,
  /** The member has no e-mail / phone to send a code to. */
  noContact: 3016,
  /** A code for a signed-in member's own change (pay password, closing) asked without the session: only `send_code_with_token` sends it. */
  codeNeedsSignIn: 3017,
  /** Too many failures from the client's address at any accounts or codes (`minutes`: how long until it may try again): a new code would not help. */
  codeAddressLocked: 3018,
  userNameTaken: 3020,
  emailTaken: 3021,
  mobileTaken: 3022,
  inviteCodeInvalid: 3023,
  /** New password and confirmation differ. */
  passwordMismatch: 3024,
  /** The current password is wrong. */
  wrongPassword: 3025,
  /** The typed identifier names several old accounts and the password is right for more than one: log in by user name, e-mail or phone with its country code. */
  accountAmbiguous: 3026,
  twoFactorRequired: 3030,
  /** Wrong, expired or already used authenticator code. */
  twoFactorInvalid: 3031,
  twoFactorBound: 3032,
  twoFactorNotBound: 3033,
  realNameRequired: 3040,
  realNamePending: 3041,
  realNameApproved: 3042,
  /** The identity document is already under review or verified for another account. */
  realNameDocumentInUse: 3043,
  /** No such real-name request of the member's. */
  realNameNotFound: 3044,
  agreementRequired: 3050,
  /** Open orders stop the account from being closed. */
  ordersNotConfirmed: 3051,
  /** The request is not in a state that allows this. */
  cancellationState: 3052,
  /** Money the member still owns (cash, gift-card value, rewards, held amounts, withdrawals or top-ups in progress) stops the account from being closed (`amounts`: what is left, in words). */
  moneyLeft: 3053,
  /** An after-sales case of the member's is still open (its refund may still come to the wallet): it stops the account from being closed. */
  afterSalesOpen: 3054,
  /** The member's own member shop is not closed, or has orders not yet settled (they earn into the owner's account): it stops the account from being closed. */
  memberShopOpen: 3055,
  uploadTooLarge: 3060,
  /** The content is not an accepted image or video, whatever its name. */
  uploadType: 3061,
  uploadTokenInvalid: 3062,
  uploadMissing: 3063,
  /** The member has uploaded as many files, or as many bytes, as a rolling 24 hours allows. */
  uploadQuota: 3064,
  // Catalogue and content (4000–4999).
  /** The goods does not exist. */
  goodsNotFound: 4001,
  /** The goods is no longer on sale. */
  goodsOffSale: 4002,
  /** No SKU of the goods matches the chosen specs. */
  skuNotFound: 4003,
  /** The chosen SKU is out of stock. */
  skuOutOfStock: 4004,
  categoryNotFound: 4005,
  reviewNotFound: 4006,
  newsNotFound: 4010,
  commentNotFound: 4011,
  /** A comment with nothing left once markup is removed. */
  commentEmpty: 4012,
  noticeNotFound: 4013,
  /** The member wrote the most news comments allowed in a minute (`max`), or in a day (`max`, `hours`): nothing is written. */
  commentLimit: 4014,
  /** A console editor's save from a copy of the row (goods, news, banner …) changed since it was opened: nothing is saved (it would undo that change). */
  editedSinceOpened: 4020,
  // Cart, checkout and orders (5000–5099).
  /** No such line in the member's cart. */
  cartLineNotFound: 5001,
  /** The line would hold more than the stock or the per-line maximum (`max`). */
  cartQuantityLimit: 5002,
  /** The cart holds the most lines it may. */
  cartFull: 5003,
  /** Checkout with nothing chosen. */
  nothingSelected: 5004,
  /** A chosen line is off sale or sold out (`name`). */
  lineUnavailable: 5005,
  /** Fewer units are left than wanted (`name`, `stock`). */
  stockShortage: 5006,
  /** Goods priced in different currencies cannot be in one order. */
  mixedCurrencies: 5007,
  /** The member has the most unpaid orders allowed at once (`max`): pay or cancel one first. */
  unpaidOrdersLimit: 5008,
  /** Checkout needs a shipping address. */
  addressRequired: 5010,
  /** The chosen address is not one of the member's. */
  addressNotFound: 5011,
  orderNotFound: 5020,
  /** The order is not in a state that allows this. */
  orderState: 5021,
  /** A reminder for this order was already sent in the last 24 hours. */
  remindTooSoon: 5022,
  packageNotFound: 5023,
  /** The package names a line or quantity the order does not have left to ship. */
  packageLinesInvalid: 5024,
  /** The tracking provider named is not configured. */
  trackingProviderUnavailable: 5025,
  charityCauseNotFound: 5030,
  /** The cause no longer takes pledges. */
  charityCauseClosed: 5031,
  /** Less than the cause's smallest pledge (`min`). */
  charityAmountTooSmall: 5032,
  /** More than the largest pledge (`max`, said as money in the cause's currency). */
  charityAmountTooLarge: 5033,
  /** No freight is set for the destination, method and weight. */
  noFreightRoute: 5040,
  /** The destination is served by the method, but the order is heavier than its heaviest band (`max`, in kilograms). */
  freightTooHeavy: 5041,
  /** The group buy has not started or is over. */
  groupBuyNotActive: 5050,
  /** More than the activity allows per order or per member (`max`). */
  groupBuyLimit: 5051,
  /** The chosen group is full, decided or past its time. */
  groupClosed: 5052,
  /** The activity's units are all taken. */
  groupBuySoldOut: 5053,
  /** The member is already in that group. */
  groupAlreadyJoined: 5054,
  /** A group-buy order waits for its group to fill before it can ship. */
  groupNotFilled: 5055,
  /** Unknown, expired, not yet valid, or of another currency. */
  couponInvalid: 5060,
  /** The subtotal is below the coupon's minimum spend (`min`). */
  couponMinSpend: 5061,
  /** No uses left, in total or for this member. */
  couponUsedUp: 5062,
  /** The order would cost other than the total the member saw (`expected_total`): nothing is placed; the preview shows the new total. */
  priceChanged: 5070,
  // After-sales (5200–5299).
  /** After-sales cannot be asked for this order now (`deadline` when a window has passed). */
  afterSaleNotAllowed: 5201,
  /** A case names at least one unit of a line. */
  afterSaleNoLines: 5202,
  /** More units than are left of the line (`left`). */
  afterSaleQuantity: 5203,
  /** This kind of case is not possible for the line now. */
  afterSaleKindNotAllowed: 5204,
  /** Maximum number of item exchanges reached (`max`). */
  afterSaleExchangeLimit: 5205,
  /** The SKU to exchange to is not of the same goods, or not on sale. */
  afterSaleExchangeSku: 5206,
  /** Evidence that is not the member's upload of the right kind. */
  afterSaleEvidence: 5207,
  /** The video is longer than allowed (`max` seconds), or its length cannot be read. */
  afterSaleVideoTooLong: 5208,
  /** The case is not in a state that allows this. */
  afterSaleState: 5209,
  /** No such case of the member. */
  afterSaleNotFound: 5210,
  /** The reason is not one of the kind's reasons. */
  afterSaleReasonInvalid: 5211,
  /** A refund above what the case's lines may refund (`max`). */
  afterSaleRefundTooLarge: 5212,
  /** The carrier is not one the goods may be sent back with, or needs the phone's last four digits. */
  afterSaleCarrierInvalid: 5213,
  /** The chosen reason needs a picture or the video. */
  afterSaleEvidenceRequired: 5214,
  /** A review of a line of an order that is not completed. */
  reviewNotAllowed: 5215,
  /** The line already has its review. */
  reviewExists: 5216,
  /** The review was already changed once, or its time to change it is over. */
  reviewNotEditable: 5217,
  // Addresses and geography (5100–5119).
  /** The member keeps the most addresses allowed (`max`). */
  addressLimit: 5101,
  /** The chosen province, city or district is not a place of the chosen country and parent. */
  regionInvalid: 5102,
  /** The shop does not ship to the chosen country. */
  countryNotShipped: 5103,
  /** No such region. */
  regionNotFound: 5104,
  // Money and the ledger (6000–6099).
  /** The member's cash in that currency does not cover the amount. */
  insufficientBalance: 6001,
  insufficientPoints: 6002,
  insufficientShoppingPoints: 6003,
  /** The hold was already posted or released. */
  holdSettled: 6004,
  /** No exchange rate is known for the pair. */
  rateUnavailable: 6005,
  rateInvalid: 6006,
  currencyUnsupported: 6007,
  amountTooSmall: 6008,
  amountTooLarge: 6009,
  /** A manual adjustment above the approval limit is approved by another operator than the one who asked for it. */
  adjustmentOwnApproval: 6050,
  // Wallet (6100–6199): pay password, bank cards, top-ups, withdrawals, transfers, gift cards.
  payPasswordNotSet: 6101,
  payPasswordWrong: 6102,
  bankCardNotFound: 6103,
  withdrawalNotFound: 6104,
  transferNotFound: 6105,
  rechargeNotFound: 6106,
  giftCardNotFound: 6107,
  holderNameMismatch: 6108,
  bankCardInUse: 6109,
  transferToSelf: 6110,
  receiverNotFound: 6111,
  amountBelowMinimum: 6112,
  amountAboveMaximum: 6113,
  dailyCountExceeded: 6114,
  dailyAmountExceeded: 6115,
  channelUnavailable: 6116,
  slipRequired: 6117,
  txHashRequired: 6118,
  noCryptoAddress: 6119,
  giftCardUnavailable: 6120,
  walletCurrencyDisabled: 6121,
  bankCardLimit: 6122,
  bankInvalid: 6123,
  /** The withdrawal has left "pending" (approved, paid, rejected or cancelled): the member can no longer cancel it. */
  withdrawalNotPending: 6124,
  /** More rewards asked to move to the cash balance than the rewards balance holds. */
  rewardsInsufficient: 6125,
  /** The stablecoin transaction (its hash, without `0x`, in any case) was already used for a top-up. */
  txHashUsed: 6126,
  /** A give by count asked for more usable cards of that value than the member holds (`held`). */
  giftCardsTooFew: 6128,
  /** A withdrawal to a card held in a wallet currency is sent in that currency only (`currency`: the card's). */
  bankCardCurrencyMismatch: 6127,
  /** The receiver typed names more than one member (an old user name that is another's phone or code, a number held in several countries): type the user name or the phone with its country code. */
  receiverAmbiguous: 6129,
  /** The member looked up more receivers than allowed in a minute (`max`) or a day (`max`, `hours`): nothing is answered about the account. */
  receiverLookupLimit: 6130,
  /** The withdrawal's member is banned: it can be rejected (the held money goes back), not approved, until the ban is lifted. */
  withdrawalMemberBanned: 6131,
  /** The member already has a live card for this account (same bank, same account number however typed): `bank`, `account` (masked). */
  bankCardDuplicate: 6132,
  /** The account (same bank, same account number however typed) is on another member's live card: who holds it is not told. */
  bankAccountOfAnotherMember: 6133,
  // Payments (6200–6299).
  /** The pay method is not offered for this currency, country or payable. */
  payMethodUnavailable: 6201,
  /** The order, pledge or top-up is no longer awaiting payment. */
  payableNotPayable: 6202,
  paymentNotFound: 6203,
  /** The gateway refused the payment (spec §8 "Payment Failed"). */
  paymentFailed: 6204,
  /** The gateway did not answer; nothing was charged. */
  gatewayUnavailable: 6205,
  /** A refund larger than what is left of the payment. */
  refundTooLarge: 6206,
  /** The decision does not fit the flag (refund without money to give back, accept after the payment ended). */
  flagDecisionRefused: 6207,
  flagNotFound: 6208,
  /** A top-up's refund would take back credit the member no longer holds (spent): nothing is sent or moved. */
  refundCreditSpent: 6209,
  /** Paying with gift cards whose usable value in the payable's currency, all together, is less than the amount due: nothing is redeemed. */
  giftCardValueTooLow: 6210,
  /** The payment's order is still the member's (paid, shipped, completed): it is refunded by cancelling it or through after-sales, which undo what it gave, not from the payment. */
  refundThroughPayable: 6211,
  // Operators (7000–7099).
  /** The setup link is unknown, used or expired. */
  operatorSetupInvalid: 7001,
  /** The authenticator code is needed to sign in. */
  operatorTotpRequired: 7002,
  /** Sign-in needs the authenticator to be set up with the secret in `data`. */
  operatorTotpSetupRequired: 7003,
  operatorNameTaken: 7004,
  /** The member's account is closed: nothing more can be decided on it. */
  memberClosed: 7005,
  /** The request was already decided. */
  requestNotPending: 7006,
  /** A rejection needs a reason the member can read. */
  reasonRequired: 7007,
  settingInvalid: 7008,
  /** Operators do not disable, demote or reset themselves: another owner does (so an active owner always remains). */
  operatorSelfChange: 7009,
  /** A second operator approves what one asked for: never the one who asked. */
  approvalOwnRequest: 7010,
  /** Nobody decides about their own member account. */
  ownMemberAccount: 7011,
  /** The operator's daily limit of this kind of request would be passed. */
  approvalDailyLimit: 7012,
  /** Separation of duties: who approved a payout does not mark it paid. */
  payoutSameOperator: 7013,
  /** Only the operator who asked withdraws a request. */
  approvalNotYours: 7014,
  /** A member account is linked to one operator at most. */
  operatorMemberTaken: 7015,
  /** A threshold or limit past what one operator may let through alone (`max` `currency`, formatted). */
  approvalThresholdTooHigh: 7016,
  /** Disabling or demoting this owner would leave no active owner. */
  operatorLastOwner: 7017,
  /** A role that approves money needs another active owner's approval, and the shop has none: the machine's administrator adds one from the command line. */
  operatorGrantNeedsOwner: 7018,
  /** A different request about the same thing already waits (`id`): decide or withdraw it first (the same one asked again answers it). */
  approvalAlreadyWaiting: 7019,
  /** The operator's role changed since it was looked at (now one that approves money): ask again. */
  operatorRoleChanged: 7020,
  /** Four eyes need two people: the deciding operator received the other operator's way in (created it, or issued its latest sign-in link), the other received theirs, or one operator received the latest links of both. */
  fourEyesLinkedOperator: 7021,
  // Referral team (8000–8099).
  /** The member to place is not the caller's direct invitee (no hint that the member exists). */
  referralNotInvitee: 8001,
  /** The member is already placed in the tree. */
  referralAlreadyPlaced: 8002,
  /** The chosen position is already taken. */
  referralPositionTaken: 8003,
  /** The node is not in the caller's placement team (or is not placed). */
  referralNotInTeam: 8004,
  /** The caller is not placed yet, so cannot place anyone. */
  referralSelfNotPlaced: 8005,
  /** A subtree cannot move under itself, nor can the root move. */
  referralMoveInvalid: 8006,
  /** An application of this kind is already waiting for review. */
  referralApplicationPending: 8010,
  /** The member already holds this role. */
  referralRoleHeld: 8011,
  /** No such application, or it is already decided. */
  referralApplicationState: 8012,
  /** The plan changed since this plan request was made (or its form loaded): approving it would undo that change. */
  referralPlanChanged: 8013,
  /** The plan's paid commission levels add up to more than the ceiling (`total`, `max`, in percent): it cannot be approved. */
  referralCommissionTotal: 8014,
  /** The applicant's account is banned: the application can be rejected, not approved, until the ban is lifted. */
  referralMemberBanned: 8015,
  /** The day is not over yet in the shop's time zone, or an earlier day is still to be paired (`day`). */
  referralDayNotDue: 8020,
  /** The commission is not in a state that allows this. */
  referralCommissionState: 8030,
  // Support (8200–8299).
  /** No such feedback category, or it is no longer offered. */
  feedbackCategoryUnknown: 8201,
  /** More images than a feedback may carry (`max`). */
  feedbackTooManyImages: 8202,
  /** An image that is not one of the member's own uploads. */
  feedbackImageNotOwn: 8203,
  /** The member sent the most feedback allowed in a day (`max`); they may send more in `minutes`. */
  feedbackDailyLimit: 8204,
  feedbackNotFound: 8205,
  // Member shops (8100–8199).
  /** The caller has no shop (or no longer holds the shop-owner role). */
  shopMissing: 8101,
  /** No such order, goods or line of this shop (another shop's ids answer the same). */
  shopItemNotFound: 8102,
  /** The shop order is not in a state that allows this (also the loser of two decisions at once). */
  shopOrderState: 8103,
  /** The shop holds fewer units than needed (`name`, `stock`). */
  shopStockShort: 8104,
  /** One order, one shop: the lines name another shop. */
  shopOnePerOrder: 8106,
  /** The shop is paused or closed, or its owner cannot sell now. */
  shopNotTakingOrders: 8107,
  /** Only a member holding the shop-owner role sets up a shop. */
  shopOwnerRoleRequired: 8108,
  /** The shop does not offer these goods. */
  shopGoodsNotOffered: 8109,
  /** One order is in one currency. */
  shopCurrencyMixed: 8110,
  /** The slip's member buyer is not attached to the shop (neither invited by its owner nor a past buyer), or no such member: one answer. */
  shopBuyerNotFound: 8111,
  /** An owner does not buy at their own shop. */
  shopOwnShop: 8112,
  /** An owner's price of an SKU is outside the operators' band around the platform's price (`min`, `max`, `currency`). */
  shopPriceOutOfBand: 8113,
  /** Nothing of the regular order is left to book into the shop: every unit is in an after-sales case (open, or a return taken back). */
  shopRestockNothingLeft: 8114,
  /** No such shop, or one buyers may not see (closed, its owner no longer a shop owner). */
  shopNotFound: 8115,
  /** A shipped order is completed by its buyer's confirmation, or on its own the order settings' days after shipping; not by the owner. */
  shopOrderBuyerConfirms: 8116,
  /** A regular order goes into the shop's stock only once it is received (completed). */
  shopRestockNotReceived: 8117,
} as const;
export type ResponseCodeName = keyof typeof ResponseCode;
export type ResponseCodeValue = (typeof ResponseCode)[ResponseCodeName];

/** The i18n key of each code's message. */
export const responseCodeMessageKey: Record<number, string> = {
  [ResponseCode.ok]: 'code.ok',
  [ResponseCode.badRequest]: 'code.badRequest',
  [ResponseCode.forbidden]: 'code.forbidden',
  [ResponseCode.notFound]: 'code.notFound',
  [ResponseCode.payloadTooLarge]: 'code.payloadTooLarge',
  [ResponseCode.validation]: 'code.validation',
  [ResponseCode.rateLimited]: 'code.rateLimited',
  [ResponseCode.internal]: 'code.internal',
  [ResponseCode.notAvailableYet]: 'code.notAvailableYet',
  [ResponseCode.serviceUnavailable]: 'code.serviceUnavailable',
  [ResponseCode.tokenInvalid]: 'code.tokenInvalid',
  [ResponseCode.loginRequired]: 'code.loginRequired',
  [ResponseCode.userNotFound]: 'code.userNotFound',
  [ResponseCode.idempotencyKeyReused]: 'request.code.idempotencyKeyReused',
  [ResponseCode.requestInProgress]: 'request.code.inProgress',
  [ResponseCode.loginFailed]: 'account.code.loginFailed',
  [ResponseCode.accountBanned]: 'account.code.accountBanned',
  [ResponseCode.captchaRequired]: 'account.code.captchaRequired',
  [ResponseCode.captchaFailed]: 'account.code.captchaFailed',
  [ResponseCode.loginLocked]: 'account.code.loginLocked',
  [ResponseCode.codeInvalid]: 'account.code.codeInvalid',
  [ResponseCode.codeExpired]: 'account.code.codeExpired',
  [ResponseCode.codeLocked]: 'account.code.codeLocked',
  [ResponseCode.codeTooSoon]: 'account.code.codeTooSoon',
  [ResponseCode.codeLimit]: 'account.code.codeLimit',
  [ResponseCode.messageNotSent]: 'account.code.messageNotSent',
  [ResponseCode.noContact]: 'account.code.noContact',
  [ResponseCode.codeNeedsSignIn]: 'account.code.codeNeedsSignIn',
  [ResponseCode.codeAddressLocked]: 'account.code.codeAddressLocked',
  [ResponseCode.userNameTaken]: 'account.code.userNameTaken',
  [ResponseCode.accountAmbiguous]: 'account.code.accountAmbiguous',
  [ResponseCode.emailTaken]: 'account.code.emailTaken',
  [ResponseCode.mobileTaken]: 'account.code.mobileTaken',
  [ResponseCode.inviteCodeInvalid]: 'account.code.inviteCodeInvalid',
  [ResponseCode.passwordMismatch]: 'account.code.passwordMismatch',
  [ResponseCode.wrongPassword]: 'account.code.wrongPassword',
  [ResponseCode.twoFactorRequired]: 'account.code.twoFactorRequired',
  [ResponseCode.twoFactorInvalid]: 'account.code.twoFactorInvalid',
  [ResponseCode.twoFactorBound]: 'account.code.twoFactorBound',
  [ResponseCode.twoFactorNotBound]: 'account.code.twoFactorNotBound',
  [ResponseCode.realNameRequired]: 'account.code.realNameRequired',
  [ResponseCode.realNamePending]: 'account.code.realNamePending',
  [ResponseCode.realNameApproved]: 'account.code.realNameApproved',
  [ResponseCode.realNameDocumentInUse]: 'account.code.realNameDocumentInUse',
  [ResponseCode.realNameNotFound]: 'account.code.realNameNotFound',
  [ResponseCode.agreementRequired]: 'account.code.agreementRequired',
  [ResponseCode.ordersNotConfirmed]: 'account.code.ordersNotConfirmed',
  [ResponseCode.cancellationState]: 'account.code.cancellationState',
  [ResponseCode.moneyLeft]: 'account.code.moneyLeft',
  [ResponseCode.afterSalesOpen]: 'account.code.afterSalesOpen',
  [ResponseCode.memberShopOpen]: 'account.code.memberShopOpen',
  [ResponseCode.uploadTooLarge]: 'account.code.uploadTooLarge',
  [ResponseCode.uploadType]: 'account.code.uploadType',
  [ResponseCode.uploadTokenInvalid]: 'account.code.uploadTokenInvalid',
  [ResponseCode.uploadMissing]: 'account.code.uploadMissing',
  [ResponseCode.uploadQuota]: 'account.code.uploadQuota',
  [ResponseCode.goodsNotFound]: 'catalogue.code.goodsNotFound',
  [ResponseCode.goodsOffSale]: 'catalogue.code.goodsOffSale',
  [ResponseCode.skuNotFound]: 'catalogue.code.skuNotFound',
  [ResponseCode.skuOutOfStock]: 'catalogue.code.skuOutOfStock',
  [ResponseCode.categoryNotFound]: 'catalogue.code.categoryNotFound',
  [ResponseCode.reviewNotFound]: 'catalogue.code.reviewNotFound',
  [ResponseCode.newsNotFound]: 'catalogue.code.newsNotFound',
  [ResponseCode.commentNotFound]: 'catalogue.code.commentNotFound',
  [ResponseCode.commentEmpty]: 'catalogue.code.commentEmpty',
  [ResponseCode.noticeNotFound]: 'catalogue.code.noticeNotFound',
  [ResponseCode.commentLimit]: 'catalogue.code.commentLimit',
  [ResponseCode.editedSinceOpened]: 'catalogue.code.editedSinceOpened',
  [ResponseCode.cartLineNotFound]: 'orders.code.cartLineNotFound',
  [ResponseCode.cartQuantityLimit]: 'orders.code.cartQuantityLimit',
  [ResponseCode.cartFull]: 'orders.code.cartFull',
  [ResponseCode.nothingSelected]: 'orders.code.nothingSelected',
  [ResponseCode.lineUnavailable]: 'orders.code.lineUnavailable',
  [ResponseCode.stockShortage]: 'orders.code.stockShortage',
  [ResponseCode.mixedCurrencies]: 'orders.code.mixedCurrencies',
  [ResponseCode.unpaidOrdersLimit]: 'orders.code.unpaidOrdersLimit',
  [ResponseCode.addressRequired]: 'orders.code.addressRequired',
  [ResponseCode.addressNotFound]: 'orders.code.addressNotFound',
  [ResponseCode.orderNotFound]: 'orders.code.orderNotFound',
  [ResponseCode.orderState]: 'orders.code.orderState',
  [ResponseCode.remindTooSoon]: 'orders.code.remindTooSoon',
  [ResponseCode.packageNotFound]: 'orders.code.packageNotFound',
  [ResponseCode.packageLinesInvalid]: 'orders.code.packageLinesInvalid',
  [ResponseCode.trackingProviderUnavailable]: 'orders.code.trackingProviderUnavailable',
  [ResponseCode.charityCauseNotFound]: 'orders.code.charityCauseNotFound',
  [ResponseCode.charityCauseClosed]: 'orders.code.charityCauseClosed',
  [ResponseCode.charityAmountTooSmall]: 'orders.code.charityAmountTooSmall',
  [ResponseCode.charityAmountTooLarge]: 'orders.code.charityAmountTooLarge',
  [ResponseCode.noFreightRoute]: 'orders.code.noFreightRoute',
  [ResponseCode.freightTooHeavy]: 'orders.code.freightTooHeavy',
  [ResponseCode.groupBuyNotActive]: 'orders.code.groupBuyNotActive',
  [ResponseCode.groupBuyLimit]: 'orders.code.groupBuyLimit',
  [ResponseCode.groupClosed]: 'orders.code.groupClosed',
  [ResponseCode.groupBuySoldOut]: 'orders.code.groupBuySoldOut',
  [ResponseCode.groupAlreadyJoined]: 'orders.code.groupAlreadyJoined',
  [ResponseCode.groupNotFilled]: 'orders.code.groupNotFilled',
  [ResponseCode.couponInvalid]: 'orders.code.couponInvalid',
  [ResponseCode.couponMinSpend]: 'orders.code.couponMinSpend',
  [ResponseCode.couponUsedUp]: 'orders.code.couponUsedUp',
  [ResponseCode.priceChanged]: 'orders.code.priceChanged',
  [ResponseCode.addressLimit]: 'address.code.addressLimit',
  [ResponseCode.regionInvalid]: 'address.code.regionInvalid',
  [ResponseCode.countryNotShipped]: 'address.code.countryNotShipped',
  [ResponseCode.regionNotFound]: 'address.code.regionNotFound',
  [ResponseCode.insufficientBalance]: 'money.code.insufficientBalance',
  [ResponseCode.insufficientPoints]: 'money.code.insufficientPoints',
  [ResponseCode.insufficientShoppingPoints]: 'money.code.insufficientShoppingPoints',
  [ResponseCode.holdSettled]: 'money.code.holdSettled',
  [ResponseCode.adjustmentOwnApproval]: 'money.code.adjustmentOwnApproval',
  [ResponseCode.rateUnavailable]: 'money.code.rateUnavailable',
  [ResponseCode.rateInvalid]: 'money.code.rateInvalid',
  [ResponseCode.currencyUnsupported]: 'money.code.currencyUnsupported',
  [ResponseCode.amountTooSmall]: 'money.code.amountTooSmall',
  [ResponseCode.amountTooLarge]: 'money.code.amountTooLarge',
  [ResponseCode.payPasswordNotSet]: 'wallet.code.payPasswordNotSet',
  [ResponseCode.payPasswordWrong]: 'wallet.code.payPasswordWrong',
  [ResponseCode.bankCardNotFound]: 'wallet.code.bankCardNotFound',
  [ResponseCode.withdrawalNotFound]: 'wallet.code.withdrawalNotFound',
  [ResponseCode.transferNotFound]: 'wallet.code.transferNotFound',
  [ResponseCode.rechargeNotFound]: 'wallet.code.rechargeNotFound',
  [ResponseCode.giftCardNotFound]: 'wallet.code.giftCardNotFound',
  [ResponseCode.holderNameMismatch]: 'wallet.code.holderNameMismatch',
  [ResponseCode.bankCardInUse]: 'wallet.code.bankCardInUse',
  [ResponseCode.transferToSelf]: 'wallet.code.transferToSelf',
  [ResponseCode.receiverNotFound]: 'wallet.code.receiverNotFound',
  [ResponseCode.receiverAmbiguous]: 'wallet.code.receiverAmbiguous',
  [ResponseCode.receiverLookupLimit]: 'wallet.code.receiverLookupLimit',
  [ResponseCode.amountBelowMinimum]: 'wallet.code.amountBelowMinimum',
  [ResponseCode.amountAboveMaximum]: 'wallet.code.amountAboveMaximum',
  [ResponseCode.dailyCountExceeded]: 'wallet.code.dailyCountExceeded',
  [ResponseCode.dailyAmountExceeded]: 'wallet.code.dailyAmountExceeded',
  [ResponseCode.channelUnavailable]: 'wallet.code.channelUnavailable',
  [ResponseCode.slipRequired]: 'wallet.code.slipRequired',
  [ResponseCode.txHashRequired]: 'wallet.code.txHashRequired',
  [ResponseCode.txHashUsed]: 'wallet.code.txHashUsed',
  [ResponseCode.giftCardsTooFew]: 'wallet.code.giftCardsTooFew',
  [ResponseCode.bankCardCurrencyMismatch]: 'wallet.code.bankCardCurrencyMismatch',
  [ResponseCode.noCryptoAddress]: 'wallet.code.noCryptoAddress',
  [ResponseCode.giftCardUnavailable]: 'wallet.code.giftCardUnavailable',
  [ResponseCode.walletCurrencyDisabled]: 'wallet.code.walletCurrencyDisabled',
  [ResponseCode.bankCardLimit]: 'wallet.code.bankCardLimit',
  [ResponseCode.bankCardDuplicate]: 'wallet.code.bankCardDuplicate',
  [ResponseCode.bankAccountOfAnotherMember]: 'wallet.code.bankAccountOfAnotherMember',
  [ResponseCode.bankInvalid]: 'wallet.code.bankInvalid',
  [ResponseCode.withdrawalNotPending]: 'wallet.code.withdrawalNotPending',
  [ResponseCode.withdrawalMemberBanned]: 'wallet.code.withdrawalMemberBanned',
  [ResponseCode.rewardsInsufficient]: 'wallet.code.rewardsInsufficient',
  [ResponseCode.payMethodUnavailable]: 'payments.code.payMethodUnavailable',
  [ResponseCode.payableNotPayable]: 'payments.code.payableNotPayable',
  [ResponseCode.paymentNotFound]: 'payments.code.paymentNotFound',
  [ResponseCode.paymentFailed]: 'payments.code.paymentFailed',
  [ResponseCode.gatewayUnavailable]: 'payments.code.gatewayUnavailable',
  [ResponseCode.refundTooLarge]: 'payments.code.refundTooLarge',
  [ResponseCode.flagDecisionRefused]: 'payments.code.flagDecisionRefused',
  [ResponseCode.refundThroughPayable]: 'payments.code.refundThroughPayable',
  [ResponseCode.flagNotFound]: 'payments.code.flagNotFound',
  [ResponseCode.refundCreditSpent]: 'payments.code.refundCreditSpent',
  [ResponseCode.giftCardValueTooLow]: 'payments.code.giftCardValueTooLow',
  [ResponseCode.afterSaleNotAllowed]: 'afterSales.code.afterSaleNotAllowed',
  [ResponseCode.afterSaleNoLines]: 'afterSales.code.afterSaleNoLines',
  [ResponseCode.afterSaleQuantity]: 'afterSales.code.afterSaleQuantity',
  [ResponseCode.afterSaleKindNotAllowed]: 'afterSales.code.afterSaleKindNotAllowed',
  [ResponseCode.afterSaleExchangeLimit]: 'afterSales.code.afterSaleExchangeLimit',
  [ResponseCode.afterSaleExchangeSku]: 'afterSales.code.afterSaleExchangeSku',
  [ResponseCode.afterSaleEvidence]: 'afterSales.code.afterSaleEvidence',
  [ResponseCode.afterSaleVideoTooLong]: 'afterSales.code.afterSaleVideoTooLong',
  [ResponseCode.afterSaleState]: 'afterSales.code.afterSaleState',
  [ResponseCode.afterSaleNotFound]: 'afterSales.code.afterSaleNotFound',
  [ResponseCode.afterSaleReasonInvalid]: 'afterSales.code.afterSaleReasonInvalid',
  [ResponseCode.afterSaleRefundTooLarge]: 'afterSales.code.afterSaleRefundTooLarge',
  [ResponseCode.afterSaleCarrierInvalid]: 'afterSales.code.afterSaleCarrierInvalid',
  [ResponseCode.afterSaleEvidenceRequired]: 'afterSales.code.afterSaleEvidenceRequired',
  [ResponseCode.reviewNotAllowed]: 'afterSales.code.reviewNotAllowed',
  [ResponseCode.reviewExists]: 'afterSales.code.reviewExists',
  [ResponseCode.reviewNotEditable]: 'afterSales.code.reviewNotEditable',
  [ResponseCode.operatorSetupInvalid]: 'admin.code.operatorSetupInvalid',
  [ResponseCode.operatorTotpRequired]: 'admin.code.operatorTotpRequired',
  [ResponseCode.operatorTotpSetupRequired]: 'admin.code.operatorTotpSetupRequired',
  [ResponseCode.operatorNameTaken]: 'admin.code.operatorNameTaken',
  [ResponseCode.memberClosed]: 'admin.code.memberClosed',
  [ResponseCode.requestNotPending]: 'admin.code.requestNotPending',
  [ResponseCode.reasonRequired]: 'admin.code.reasonRequired',
  [ResponseCode.approvalOwnRequest]: 'admin.code.approvalOwnRequest',
  [ResponseCode.ownMemberAccount]: 'admin.code.ownMemberAccount',
  [ResponseCode.approvalDailyLimit]: 'admin.code.approvalDailyLimit',
  [ResponseCode.payoutSameOperator]: 'admin.code.payoutSameOperator',
  [ResponseCode.approvalNotYours]: 'admin.code.approvalNotYours',
  [ResponseCode.operatorMemberTaken]: 'admin.code.operatorMemberTaken',
  [ResponseCode.approvalThresholdTooHigh]: 'admin.code.approvalThresholdTooHigh',
  [ResponseCode.operatorLastOwner]: 'admin.code.operatorLastOwner',
  [ResponseCode.operatorGrantNeedsOwner]: 'admin.code.operatorGrantNeedsOwner',
  [ResponseCode.approvalAlreadyWaiting]: 'admin.code.approvalAlreadyWaiting',
  [ResponseCode.operatorRoleChanged]: 'admin.code.operatorRoleChanged',
  [ResponseCode.fourEyesLinkedOperator]: 'admin.code.fourEyesLinkedOperator',
  [ResponseCode.settingInvalid]: 'admin.code.settingInvalid',
  [ResponseCode.operatorSelfChange]: 'admin.code.operatorSelfChange',
  [ResponseCode.referralNotInvitee]: 'referral.code.referralNotInvitee',
  [ResponseCode.referralAlreadyPlaced]: 'referral.code.referralAlreadyPlaced',
  [ResponseCode.referralPositionTaken]: 'referral.code.referralPositionTaken',
  [ResponseCode.referralNotInTeam]: 'referral.code.referralNotInTeam',
  [ResponseCode.referralSelfNotPlaced]: 'referral.code.referralSelfNotPlaced',
  [ResponseCode.referralMoveInvalid]: 'referral.code.referralMoveInvalid',
  [ResponseCode.referralApplicationPending]: 'referral.code.referralApplicationPending',
  [ResponseCode.referralRoleHeld]: 'referral.code.referralRoleHeld',
  [ResponseCode.referralApplicationState]: 'referral.code.referralApplicationState',
  [ResponseCode.referralPlanChanged]: 'referral.code.referralPlanChanged',
  [ResponseCode.referralCommissionTotal]: 'referral.code.referralCommissionTotal',
  [ResponseCode.referralMemberBanned]: 'referral.code.referralMemberBanned',
  [ResponseCode.referralDayNotDue]: 'referral.code.referralDayNotDue',
  [ResponseCode.referralCommissionState]: 'referral.code.referralCommissionState',
  [ResponseCode.feedbackCategoryUnknown]: 'support.code.feedbackCategoryUnknown',
  [ResponseCode.feedbackTooManyImages]: 'support.code.feedbackTooManyImages',
  [ResponseCode.feedbackImageNotOwn]: 'support.code.feedbackImageNotOwn',
  [ResponseCode.feedbackDailyLimit]: 'support.code.feedbackDailyLimit',
  [ResponseCode.feedbackNotFound]: 'support.code.feedbackNotFound',
  [ResponseCode.shopMissing]: 'userShop.code.shopMissing',
  [ResponseCode.shopItemNotFound]: 'userShop.code.shopItemNotFound',
  [ResponseCode.shopOrderState]: 'userShop.code.shopOrderState',
  [ResponseCode.shopStockShort]: 'userShop.code.shopStockShort',
  [ResponseCode.shopOnePerOrder]: 'userShop.code.shopOnePerOrder',
  [ResponseCode.shopNotTakingOrders]: 'userShop.code.shopNotTakingOrders',
  [ResponseCode.shopOwnerRoleRequired]: 'userShop.code.shopOwnerRoleRequired',
  [ResponseCode.shopGoodsNotOffered]: 'userShop.code.shopGoodsNotOffered',
  [ResponseCode.shopCurrencyMixed]: 'userShop.code.shopCurrencyMixed',
  [ResponseCode.shopBuyerNotFound]: 'userShop.code.shopBuyerNotFound',
  [ResponseCode.shopOwnShop]: 'userShop.code.shopOwnShop',
  [ResponseCode.shopPriceOutOfBand]: 'userShop.code.shopPriceOutOfBand',
  [ResponseCode.shopRestockNothingLeft]: 'userShop.code.shopRestockNothingLeft',
  [ResponseCode.shopNotFound]: 'userShop.code.shopNotFound',
  [ResponseCode.shopOrderBuyerConfirms]: 'userShop.code.shopOrderBuyerConfirms',
  [ResponseCode.shopRestockNotReceived]: 'userShop.code.shopRestockNotReceived',
};
