/**
 * The response-code catalogue. `code` travels in the envelope; each code has an i18n key whose
 * text (in the request's language) becomes the envelope's `msg`. Areas add their codes here.
 */
export const ResponseCode = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  validation: 422,
  rateLimited: 429,
  internal: 500,
  notAvailableYet: 501,
  serviceUnavailable: 503,
  /** The token is invalid, expired or revoked: the client clears the session. */
  tokenInvalid: 2001,
  /** The call needs a logged-in member. */
  loginRequired: 2002,
  /** The token's member no longer exists. */
  userNotFound: 2020,
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
} as const;
export type ResponseCodeName = keyof typeof ResponseCode;
export type ResponseCodeValue = (typeof ResponseCode)[ResponseCodeName];

/** The i18n key of each code's message. */
export const responseCodeMessageKey: Record<number, string> = {
  [ResponseCode.ok]: 'code.ok',
  [ResponseCode.badRequest]: 'code.badRequest',
  [ResponseCode.forbidden]: 'code.forbidden',
  [ResponseCode.notFound]: 'code.notFound',
  [ResponseCode.validation]: 'code.validation',
  [ResponseCode.rateLimited]: 'code.rateLimited',
  [ResponseCode.internal]: 'code.internal',
  [ResponseCode.notAvailableYet]: 'code.notAvailableYet',
  [ResponseCode.serviceUnavailable]: 'code.serviceUnavailable',
  [ResponseCode.tokenInvalid]: 'code.tokenInvalid',
  [ResponseCode.loginRequired]: 'code.loginRequired',
  [ResponseCode.userNotFound]: 'code.userNotFound',
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
};
