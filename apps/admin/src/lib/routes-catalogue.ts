import { routeOf } from '@shop/contract/common';
import type {
  adminAdjustStock, adminExportGoods, adminGetGoods, adminListCategories, adminListCoupons, adminListGoods, adminListGroupBuys, adminListStockAdjustments, adminReorderCategories, adminSaveCategory,
  adminSaveGoods, adminSetGoodsStatus, adminUpdateCoupon, adminUpdateGroupBuy, adminUploadImage,
} from '@shop/contract/catalogue';
import type { adminListReviews, adminReplyToReview, adminSetReviewVisibility } from '@shop/contract/catalogue';
import type { adminCreateCoupon, adminCreateGroupBuy, adminEndCoupon, adminEndGroupBuy } from '@shop/contract/orders';

// The catalogue pages' calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
export const categoriesRoute = routeOf<typeof adminListCategories>({ method: 'GET', path: '/admin/api/catalogue/categories', ...op });
export const saveCategoryRoute = routeOf<typeof adminSaveCategory>({ method: 'POST', path: '/admin/api/catalogue/categories/save', ...op });
export const reorderCategoriesRoute = routeOf<typeof adminReorderCategories>({ method: 'POST', path: '/admin/api/catalogue/categories/reorder', ...op });
export const goodsListRoute = routeOf<typeof adminListGoods>({ method: 'GET', path: '/admin/api/catalogue/goods', ...op });
export const exportGoodsRoute = routeOf<typeof adminExportGoods>({ method: 'GET', path: '/admin/api/catalogue/goods/export', ...op });
export const goodsRoute = routeOf<typeof adminGetGoods>({ method: 'GET', path: '/admin/api/catalogue/goods/info', ...op });
export const saveGoodsRoute = routeOf<typeof adminSaveGoods>({ method: 'POST', path: '/admin/api/catalogue/goods/save', ...op });
export const goodsStatusRoute = routeOf<typeof adminSetGoodsStatus>({ method: 'POST', path: '/admin/api/catalogue/goods/status', ...op });
export const adjustStockRoute = routeOf<typeof adminAdjustStock>({ method: 'POST', path: '/admin/api/catalogue/stock/adjust', ...op });
export const stockAdjustmentsRoute = routeOf<typeof adminListStockAdjustments>({ method: 'GET', path: '/admin/api/catalogue/stock/adjustments', ...op });
export const uploadImageRoute = routeOf<typeof adminUploadImage>({ method: 'POST', path: '/admin/api/uploads/image', ...op });
export const groupBuysRoute = routeOf<typeof adminListGroupBuys>({ method: 'GET', path: '/admin/api/catalogue/group-buys', ...op });
export const createGroupBuyRoute = routeOf<typeof adminCreateGroupBuy>({ method: 'POST', path: '/admin/api/orders/group-buys', ...op });
export const couponsRoute = routeOf<typeof adminListCoupons>({ method: 'GET', path: '/admin/api/catalogue/coupons', ...op });
export const createCouponRoute = routeOf<typeof adminCreateCoupon>({ method: 'POST', path: '/admin/api/orders/coupons', ...op });
export const updateGroupBuyRoute = routeOf<typeof adminUpdateGroupBuy>({ method: 'POST', path: '/admin/api/catalogue/group-buys/update', ...op });
export const endGroupBuyRoute = routeOf<typeof adminEndGroupBuy>({ method: 'POST', path: '/admin/api/orders/group-buys/end', ...op });
export const updateCouponRoute = routeOf<typeof adminUpdateCoupon>({ method: 'POST', path: '/admin/api/catalogue/coupons/update', ...op });
export const endCouponRoute = routeOf<typeof adminEndCoupon>({ method: 'POST', path: '/admin/api/orders/coupons/end', ...op });
export const reviewsRoute = routeOf<typeof adminListReviews>({ method: 'GET', path: '/admin/api/catalogue/reviews', ...op });
export const reviewVisibilityRoute = routeOf<typeof adminSetReviewVisibility>({ method: 'POST', path: '/admin/api/catalogue/reviews/visibility', ...op });
export const replyToReviewRoute = routeOf<typeof adminReplyToReview>({ method: 'POST', path: '/admin/api/catalogue/reviews/reply', ...op });
