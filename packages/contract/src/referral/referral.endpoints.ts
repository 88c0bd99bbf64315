import { endpoint } from '../common/endpoint.js';

// Calls of the referral area. Request and response shapes are filled in by the issue that builds it.
export const userAnzhi = endpoint({ method: 'POST', path: '/attractive/user/anzhi', auth: 'member', area: 'referral' });
export const userApplyUser = endpoint({ method: 'POST', path: '/attractive/user/applyUser', auth: 'member', area: 'referral' });
export const userApplyJxs = endpoint({ method: 'POST', path: '/attractive/user/applyJxs', auth: 'member', area: 'referral' });
export const userApplyFuwuCenter = endpoint({ method: 'POST', path: '/attractive/user/applyFuwuCenter', auth: 'member', area: 'referral' });
export const userChangeUserMoney = endpoint({ method: 'POST', path: '/attractive/user/changeUserMoney', auth: 'member', area: 'referral' });
export const userSonUserList = endpoint({ method: 'GET', path: '/attractive/user/sonUserList', auth: 'member', area: 'referral' });
export const userUserDepInfo = endpoint({ method: 'GET', path: '/attractive/user/userDepInfo', auth: 'member', area: 'referral' });
export const userPvChangeSet = endpoint({ method: 'GET', path: '/attractive/user/pvChangeSet', auth: 'member', area: 'referral' });
export const userAnzhiTree = endpoint({ method: 'GET', path: '/attractive/user/anzhiTree', auth: 'member', area: 'referral' });
export const userPayWay = endpoint({ method: 'GET', path: '/attractive/user/payWay', auth: 'member', area: 'referral' });
export const agentGetAgentInfo = endpoint({ method: 'GET', path: '/attractive/agent/getAgentInfo', auth: 'member', area: 'referral' });
export const duipengList = endpoint({ method: 'GET', path: '/attractive/duipeng/list', auth: 'member', area: 'referral' });
export const userInfoUserStarProgress = endpoint({ method: 'GET', path: '/user/info/UserStarProgress', auth: 'member', area: 'referral' });
export const userSpreadTotal = endpoint({ method: 'GET', path: '/user/spread/total', auth: 'member', area: 'referral' });
export const userSpreadSonList = endpoint({ method: 'GET', path: '/user/spread/sonList', auth: 'member', area: 'referral' });
export const userSpreadTeamList = endpoint({ method: 'GET', path: '/user/spread/teamList', auth: 'member', area: 'referral' });
