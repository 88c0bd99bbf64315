import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import * as s from './account.schemas.js';

// Calls of the account area: registration, sessions, codes, security settings, real name,
// cancellation and uploads. Paths are the spec's; names say what each call does.

// ── Sessions and registration ──────────────────────────────────────────────────────────────────
export const register = endpoint({ method: 'POST', path: '/user/no_auth/register', auth: 'none', area: 'account', body: s.registerBody, data: s.sessionData });
export const registerInternational = endpoint({ method: 'POST', path: '/user/no_auth/registerGuoJi', auth: 'none', area: 'account', body: s.registerInternationalBody, data: s.sessionData });
export const login = endpoint({ method: 'POST', path: '/user/no_auth/login', auth: 'none', area: 'account', body: s.loginBody, data: s.sessionData });
/** The answer is the new token; the old one stops working. */
export const refreshToken = endpoint({ method: 'POST', path: '/user/no_auth/tokenRefresh', auth: 'none', area: 'account', body: s.tokenRefreshBody, data: z.string() });
/** Who an invitation code belongs to (shown on the registration page). */
export const findInviter = endpoint({ method: 'POST', path: '/user/no_auth/get_user', auth: 'none', area: 'account', body: s.inviterQueryBody, data: s.inviterData });
export const resetForgottenPassword = endpoint({ method: 'POST', path: '/user/no_auth/forget', auth: 'none', area: 'account', body: s.forgetBody, data: s.okData });
export const logout = endpoint({ method: 'POST', path: '/user/info/login_out', auth: 'member', area: 'account', data: s.okData });

// ── Profile ────────────────────────────────────────────────────────────────────────────────────
export const getProfile = endpoint({ method: 'GET', path: '/user/info/index', auth: 'member', area: 'account', data: s.userSchema });
export const saveProfile = endpoint({ method: 'POST', path: '/user/info/save', auth: 'member', area: 'account', body: s.saveProfileBody, data: s.userSchema });
export const getShareImage = endpoint({ method: 'GET', path: '/user/info/shareImg', auth: 'member', area: 'account', data: s.shareData });
export const checkAccountAvailable = endpoint({ method: 'POST', path: '/user/checkAccount', auth: 'optional', area: 'account', body: s.checkAccountBody, data: s.checkAccountData });

// ── Verification codes ─────────────────────────────────────────────────────────────────────────
export const sendCode = endpoint({ method: 'POST', path: '/user/send_code', auth: 'optional', area: 'account', body: s.sendCodeBody, data: s.codeSentData });
export const sendCodeToAccount = endpoint({ method: 'POST', path: '/user/sendCodeV4', auth: 'optional', area: 'account', body: s.sendCodeToAccountBody, data: s.codeSentData });
export const sendCodeByUserName = endpoint({ method: 'POST', path: '/user/sendWithUsername', auth: 'optional', area: 'account', body: s.sendCodeByUserNameBody, data: s.codeSentData });
export const sendCodeToMember = endpoint({ method: 'POST', path: '/user/send_code_with_token', auth: 'member', area: 'account', body: s.sendCodeToMemberBody, data: s.codeSentData });
export const checkCode = endpoint({ method: 'POST', path: '/user/checkCode', auth: 'optional', area: 'account', body: s.checkCodeBody, data: s.okData });

// ── Security settings ──────────────────────────────────────────────────────────────────────────
export const changePassword = endpoint({ method: 'POST', path: '/user/reset/password', auth: 'member', area: 'account', body: s.resetPasswordBody, data: s.okData });
export const setPayPassword = endpoint({ method: 'POST', path: '/user/reset/pay_password', auth: 'member', area: 'account', body: s.resetPayPasswordBody, data: s.okData });
export const changeMobile = endpoint({ method: 'POST', path: '/user/reset/mobile', auth: 'member', area: 'account', body: s.resetMobileBody, data: s.userSchema });
export const changeEmail = endpoint({ method: 'POST', path: '/user/reset/email', auth: 'member', area: 'account', body: s.resetEmailBody, data: s.userSchema });
export const bindMobile = endpoint({ method: 'POST', path: '/user/bindMobile', auth: 'member', area: 'account', body: s.resetMobileBody, data: s.userSchema });
export const bindMobileOrEmail = endpoint({ method: 'POST', path: '/attractive/user/setMobileEmail', auth: 'member', area: 'account', body: s.setMobileEmailBody, data: s.userSchema });
export const createGoogleAuthenticator = endpoint({ method: 'POST', path: '/user/google_authenticator/createCode', auth: 'member', area: 'account', data: s.createGoogleCodeData });
export const bindGoogleAuthenticator = endpoint({ method: 'POST', path: '/user/google_authenticator/save', auth: 'member', area: 'account', body: s.bindGoogleCodeBody, data: s.googleStatusData });
export const checkGoogleAuthenticator = endpoint({ method: 'POST', path: '/user/google_authenticator/check', auth: 'member', area: 'account', body: s.googleCodeBody, data: s.okData });

// ── Captcha ────────────────────────────────────────────────────────────────────────────────────
/** 1 when the slider must be passed (operator setting, or after repeated failures). */
export const isCaptchaRequired = endpoint({ method: 'GET', path: '/user/openJY', auth: 'optional', area: 'account', query: s.openCaptchaQuery, data: s.openCaptchaData });
export const getCaptchaConfig = endpoint({ method: 'GET', path: '/attractive/page/captchaConfig', auth: 'optional', area: 'account', data: s.captchaConfigData });

// ── Real name ──────────────────────────────────────────────────────────────────────────────────
export const submitRealName = endpoint({ method: 'POST', path: '/user/certification/auth', auth: 'member', area: 'account', body: s.certificationBody, data: s.certificationInfoData });
export const submitRealNameInternational = endpoint({ method: 'POST', path: '/user/certification/authGuoJi', auth: 'member', area: 'account', body: s.certificationInternationalBody, data: s.certificationInfoData });
export const getRealName = endpoint({ method: 'GET', path: '/user/certification/info', auth: 'member', area: 'account', query: s.certificationInfoQuery, data: s.certificationInfoData });
export const listDocumentTypes = endpoint({ method: 'GET', path: '/user/certification/authType', auth: 'optional', area: 'account', data: s.documentTypesData });
export const listRealNameCountries = endpoint({ method: 'GET', path: '/user/certification/countryList', auth: 'optional', area: 'account', data: s.countryListData });
export const getRealNameKind = endpoint({ method: 'GET', path: '/user/certification/getUserType', auth: 'member', area: 'account', data: s.userTypeData });

// ── Cancellation ───────────────────────────────────────────────────────────────────────────────
export const applyForCancellation = endpoint({ method: 'POST', path: '/user/cancel_account/apply', auth: 'member', area: 'account', body: s.cancelApplyBody, data: s.cancelInfoData });
export const confirmCancellation = endpoint({ method: 'POST', path: '/user/cancel_account/confirm', auth: 'member', area: 'account', body: s.cancelConfirmBody, data: s.okData });
export const getCancellation = endpoint({ method: 'GET', path: '/user/cancel_account/info', auth: 'member', area: 'account', data: s.cancelInfoData });

// ── Uploads ────────────────────────────────────────────────────────────────────────────────────
export const createUploadToken = endpoint({ method: 'POST', path: '/user/upload/createToken', auth: 'member', area: 'account', body: s.uploadTokenBody, data: s.uploadTokenData });
/** Multipart: field `token` (from createUploadToken) and field `file`. */
export const uploadFile = endpoint({ method: 'POST', path: '/upload2', auth: 'member', area: 'account', data: s.uploadedFileData });
export const uploadInlineImage = endpoint({ method: 'POST', path: '/user/upload', auth: 'member', area: 'account', body: s.inlineUploadBody, data: s.uploadedFileData });

// ── Countries and settings pages ───────────────────────────────────────────────────────────────
export const listCountryCodes = endpoint({ method: 'GET', path: '/attractive/countryCode', auth: 'optional', area: 'account', data: s.countryListData });
export const getDefaultCallingCode = endpoint({ method: 'GET', path: '/attractive/country/getAreaPre', auth: 'optional', area: 'account', query: s.areaPreQuery, data: s.areaPreData });
export const getUserSettingsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/userSetPage', auth: 'member', area: 'account', data: s.settingsPageData });
export const getAccountSettingsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/accountSetPage', auth: 'member', area: 'account', data: s.settingsPageData });
export const getPaySettingsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/payAccountSetPage', auth: 'member', area: 'account', data: s.settingsPageData });
export const getLinkedAccountsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/threeAccountPage', auth: 'member', area: 'account', data: s.settingsPageData });
export * from './push-device.endpoints.js';
