import { endpoint } from '../common/endpoint.js';

// Calls of the support area. Request and response shapes are filled in by the issue that builds it.
export const userFeedbackCreate = endpoint({ method: 'POST', path: '/user/feedback/create', auth: 'member', area: 'support' });
export const userFeedbackList = endpoint({ method: 'GET', path: '/user/feedback/list', auth: 'member', area: 'support' });
export const userFeedbackInfo = endpoint({ method: 'GET', path: '/user/feedback/info', auth: 'member', area: 'support' });
export const userFeedbackCate = endpoint({ method: 'GET', path: '/user/feedback/cate', auth: 'member', area: 'support' });
export const userMessageTotal = endpoint({ method: 'GET', path: '/user/message/total', auth: 'member', area: 'support' });
export const userMessageList = endpoint({ method: 'GET', path: '/user/message/list', auth: 'member', area: 'support' });
