import { endpoint } from '../common/endpoint.js';

// Calls of the content area. Request and response shapes are filled in by the issue that builds it.
export const pageGoodsCate = endpoint({ method: 'GET', path: '/attractive/page/goodsCate', auth: 'optional', area: 'content' });
export const pageGoodsCateType = endpoint({ method: 'GET', path: '/attractive/page/goodsCateType', auth: 'optional', area: 'content' });
export const pageIndexApiData = endpoint({ method: 'GET', path: '/attractive/page/indexApiData', auth: 'optional', area: 'content' });
export const pageShareList = endpoint({ method: 'GET', path: '/attractive/page/shareList', auth: 'optional', area: 'content' });
export const pageAreaList = endpoint({ method: 'GET', path: '/attractive/page/areaList', auth: 'optional', area: 'content' });
export const pageGoodsType = endpoint({ method: 'GET', path: '/attractive/page/goodsType', auth: 'optional', area: 'content' });
export const pageGoodsStock = endpoint({ method: 'GET', path: '/attractive/page/goodsStock', auth: 'optional', area: 'content' });
export const webNewsBanner = endpoint({ method: 'GET', path: '/web/news/banner', auth: 'optional', area: 'content' });
export const webNewsList = endpoint({ method: 'GET', path: '/web/news/list', auth: 'optional', area: 'content' });
export const webNewsInfo = endpoint({ method: 'GET', path: '/web/news/info', auth: 'optional', area: 'content' });
export const webNewsAnnex = endpoint({ method: 'GET', path: '/web/news/annex', auth: 'optional', area: 'content' });
export const webAgreement = endpoint({ method: 'GET', path: '/web/agreement', auth: 'optional', area: 'content' });
export const webVersion = endpoint({ method: 'GET', path: '/web/version', auth: 'optional', area: 'content' });
export const webNewsDianzan = endpoint({ method: 'POST', path: '/web/news/dianzan', auth: 'member', area: 'content' });
export const webNewsCollect = endpoint({ method: 'POST', path: '/web/news/collect', auth: 'member', area: 'content' });
export const webCommentList = endpoint({ method: 'GET', path: '/web/comment/list', auth: 'optional', area: 'content' });
export const webCommentInfo = endpoint({ method: 'GET', path: '/web/comment/info', auth: 'optional', area: 'content' });
export const webCommentInfoAllComment = endpoint({ method: 'GET', path: '/web/comment/infoAllComment', auth: 'optional', area: 'content' });
export const webCommentDianzan = endpoint({ method: 'POST', path: '/web/comment/dianzan', auth: 'member', area: 'content' });
export const webCommentCreate = endpoint({ method: 'POST', path: '/web/comment/create', auth: 'member', area: 'content' });
export const webNoticeList = endpoint({ method: 'GET', path: '/web/notice/list', auth: 'optional', area: 'content' });
export const webNoticeInfo = endpoint({ method: 'GET', path: '/web/notice/info', auth: 'optional', area: 'content' });
export const webQuestionList = endpoint({ method: 'GET', path: '/web/question/list', auth: 'optional', area: 'content' });
export const popupList = endpoint({ method: 'GET', path: '/attractive/popup/list', auth: 'optional', area: 'content' });
export const shopShareShareInfo = endpoint({ method: 'GET', path: '/shop/share/shareInfo', auth: 'optional', area: 'content' });
export const shopShareShareWx = endpoint({ method: 'GET', path: '/shop/share/shareWx', auth: 'optional', area: 'content' });
