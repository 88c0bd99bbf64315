import { endpoint } from '../common/endpoint.js';
import { payMethodsData, payMethodsQuery } from '../payments/payments.schemas.js';

// Calls of the referral area. Request and response shapes are filled in by the issue that builds it.
export const placeDownlineMember = endpoint({ method: 'POST', path: '/attractive/user/anzhi', auth: 'member', area: 'referral' });
export const applyForMembership = endpoint({ method: 'POST', path: '/attractive/user/applyUser', auth: 'member', area: 'referral' });
export const applyForDealer = endpoint({ method: 'POST', path: '/attractive/user/applyJxs', auth: 'member', area: 'referral' });
export const applyForServiceCentre = endpoint({ method: 'POST', path: '/attractive/user/applyFuwuCenter', auth: 'member', area: 'referral' });
export const transferToDownline = endpoint({ method: 'POST', path: '/attractive/user/changeUserMoney', auth: 'member', area: 'referral' });
export const listDownlineMembers = endpoint({ method: 'GET', path: '/attractive/user/sonUserList', auth: 'member', area: 'referral' });
export const getDownlineDepth = endpoint({ method: 'GET', path: '/attractive/user/userDepInfo', auth: 'member', area: 'referral' });
export const getPvSettings = endpoint({ method: 'GET', path: '/attractive/user/pvChangeSet', auth: 'member', area: 'referral' });
export const getPlacementTree = endpoint({ method: 'GET', path: '/attractive/user/anzhiTree', auth: 'member', area: 'referral' });
/** The pay methods the member can use in a currency (default the wallet's settlement currency), with their fee and the member's balances. */
export const listReferralPaymentMethods = endpoint({ method: 'GET', path: '/attractive/user/payWay', auth: 'member', area: 'referral', query: payMethodsQuery, data: payMethodsData });
export const getAgent = endpoint({ method: 'GET', path: '/attractive/agent/getAgentInfo', auth: 'member', area: 'referral' });
export const listPairingBonuses = endpoint({ method: 'GET', path: '/attractive/duipeng/list', auth: 'member', area: 'referral' });
export const getStarProgress = endpoint({ method: 'GET', path: '/user/info/UserStarProgress', auth: 'member', area: 'referral' });
export const getReferralTotals = endpoint({ method: 'GET', path: '/user/spread/total', auth: 'member', area: 'referral' });
export const listReferredMembers = endpoint({ method: 'GET', path: '/user/spread/sonList', auth: 'member', area: 'referral' });
export const listReferralTeam = endpoint({ method: 'GET', path: '/user/spread/teamList', auth: 'member', area: 'referral' });
