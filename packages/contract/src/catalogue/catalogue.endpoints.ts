import { endpoint } from '../common/endpoint.js';

// Calls of the catalogue area. Request and response shapes are filled in by the issue that builds it.
export const shopCateList = endpoint({ method: 'GET', path: '/shop/cate/list', auth: 'optional', area: 'catalogue' });
export const shopCateInfo = endpoint({ method: 'GET', path: '/shop/cate/info', auth: 'optional', area: 'catalogue' });
export const shopCateCateAll = endpoint({ method: 'GET', path: '/shop/cate/cateAll', auth: 'optional', area: 'catalogue' });
export const shopGoodsList = endpoint({ method: 'GET', path: '/shop/goods/list', auth: 'optional', area: 'catalogue' });
export const shopGoodsInfo = endpoint({ method: 'GET', path: '/shop/goods/info', auth: 'optional', area: 'catalogue' });
export const shopGoodsSukInfo = endpoint({ method: 'GET', path: '/shop/goods/sukInfo', auth: 'optional', area: 'catalogue' });
export const shopGoodsCommentTotal = endpoint({ method: 'GET', path: '/shop/goods_comment/total', auth: 'optional', area: 'catalogue' });
export const shopGoodsCommentList = endpoint({ method: 'GET', path: '/shop/goods_comment/list', auth: 'optional', area: 'catalogue' });
export const shopGoodsCommentInfo = endpoint({ method: 'GET', path: '/shop/goods_comment/info', auth: 'optional', area: 'catalogue' });
export const shopSearchSearchLog = endpoint({ method: 'GET', path: '/shop/search/searchLog', auth: 'optional', area: 'catalogue' });
export const shopGoodsCollect = endpoint({ method: 'POST', path: '/shop/goods/collect', auth: 'member', area: 'catalogue' });
export const shopSearchClearLog = endpoint({ method: 'POST', path: '/shop/search/clearLog', auth: 'member', area: 'catalogue' });
