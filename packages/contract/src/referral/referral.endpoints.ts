import { endpoint } from '../common/endpoint.js';
import { payMethodsData, payMethodsQuery } from '../payments/payments.schemas.js';
import { moveRewardsBody, moveRewardsData } from '../wallet/wallet.schemas.js';
import * as s from './referral.schemas.js';

export * from './referral.schemas.js';

// Calls of the referral area: the placement (binary) tree, PV and the daily pair bonus, the sponsor
// team, star ranks, and applications for roles. Wire names are the spec's; inside they say what they do.

/** Places one of the caller's unplaced direct invitees into an empty slot (parent, side) of the caller's placement subtree; final. */
export const placeDownlineMember = endpoint({ method: 'POST', path: '/attractive/user/anzhi', auth: 'member', area: 'referral', idempotent: true, body: s.placeMemberBody, data: s.placeMemberData });
/** Applies to open a member shop (granting the shop owner role when approved). */
export const applyForMembership = endpoint({ method: 'POST', path: '/attractive/user/applyUser', auth: 'member', area: 'referral', idempotent: true, body: s.applicationBody, data: s.applicationData });
/** Applies to become a dealer (agent). */
export const applyForDealer = endpoint({ method: 'POST', path: '/attractive/user/applyJxs', auth: 'member', area: 'referral', idempotent: true, body: s.applicationBody, data: s.applicationData });
/** Applies to become a service centre. */
export const applyForServiceCentre = endpoint({ method: 'POST', path: '/attractive/user/applyFuwuCenter', auth: 'member', area: 'referral', idempotent: true, body: s.applicationBody, data: s.applicationData });
/** Moves the member's own rewards to the cash balance of the same currency (the same use case as `/attractive/reward/toBalance`). */
export const transferToDownline = endpoint({ method: 'POST', path: '/attractive/user/changeUserMoney', auth: 'member', area: 'referral', idempotent: true, body: moveRewardsBody, data: moveRewardsData });
/** The caller's direct invitees, unplaced first, with their placement deadline. */
export const listDownlineMembers = endpoint({ method: 'GET', path: '/attractive/user/sonUserList', auth: 'member', area: 'referral', query: s.downlineQuery, data: s.downlineData });
/** The caller's two legs: members, PV in total, today, carried forward. */
export const getDownlineDepth = endpoint({ method: 'GET', path: '/attractive/user/userDepInfo', auth: 'member', area: 'referral', data: s.legsData });
/** The caller's PV records and the plan's rules. */
export const getPvSettings = endpoint({ method: 'GET', path: '/attractive/user/pvChangeSet', auth: 'member', area: 'referral', query: s.pvRecordsQuery, data: s.pvRecordsData });
/** The caller's placement subtree (or a node inside it) a few levels deep, with leg totals and empty slots. */
export const getPlacementTree = endpoint({ method: 'GET', path: '/attractive/user/anzhiTree', auth: 'member', area: 'referral', query: s.placementTreeQuery, data: s.placementTreeData });
/** The pay methods the member can use in a currency (default the wallet's settlement currency), with their fee and the member's balances. */
export const listReferralPaymentMethods = endpoint({ method: 'GET', path: '/attractive/user/payWay', auth: 'member', area: 'referral', query: payMethodsQuery, data: payMethodsData });
/** The member's roles and applications. */
export const getAgent = endpoint({ method: 'GET', path: '/attractive/agent/getAgentInfo', auth: 'member', area: 'referral', data: s.agentData });
/** The member's daily pair-bonus results, newest first. */
export const listPairingBonuses = endpoint({ method: 'GET', path: '/attractive/duipeng/list', auth: 'member', area: 'referral', query: s.pairingQuery, data: s.pairingData });
/** The member's star, the next one and each condition's progress; `popup` once per new star. */
export const getStarProgress = endpoint({ method: 'GET', path: '/user/info/UserStarProgress', auth: 'member', area: 'referral', data: s.starProgressData });
/** Totals of the member's sponsor team. */
export const getReferralTotals = endpoint({ method: 'GET', path: '/user/spread/total', auth: 'member', area: 'referral', data: s.referralTotalsData });
/** The member's direct referrals. */
export const listReferredMembers = endpoint({ method: 'GET', path: '/user/spread/sonList', auth: 'member', area: 'referral', query: s.referredQuery, data: s.referredData });
/** The member's whole sponsor downline, by level. */
export const listReferralTeam = endpoint({ method: 'GET', path: '/user/spread/teamList', auth: 'member', area: 'referral', query: s.teamQuery, data: s.teamData });
