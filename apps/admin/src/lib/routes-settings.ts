import { routeOf } from '@shop/contract/common';
import type {
  adminCreateOperator, adminLanguageTexts, adminListOperators, adminOperatorSignInLink, adminResetMemberTotp, adminResetOperatorTotp, adminSaveInternationalFreight, adminSaveOperatingFee, adminSaveShippingFee, adminDeleteShippingFee, adminSavePointsSettings,
  adminSetCaptcha, adminSetCurrency, adminSetLanguageText, adminSetOperatorRole, adminSetOperatorStatus, adminSetOrderTimes, adminSettings, adminShippingCountries, adminSetShippingCountries,
} from '@shop/contract/admin';
import type { adminCreateCharityCause, adminOrderReminders } from '@shop/contract/orders';
import type { adminListCharityCauses, adminListCharityPledges, adminUpdateCharityCause } from '@shop/contract/admin';

// The settings and operators pages' calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
export const settingsRoute = routeOf<typeof adminSettings>({ method: 'GET', path: '/admin/api/settings', ...op });
export const setCaptchaRoute = routeOf<typeof adminSetCaptcha>({ method: 'POST', path: '/admin/api/settings/captcha', ...op });
export const setOrderTimesRoute = routeOf<typeof adminSetOrderTimes>({ method: 'POST', path: '/admin/api/settings/orders', ...op });
export const saveShippingFeeRoute = routeOf<typeof adminSaveShippingFee>({ method: 'POST', path: '/admin/api/settings/shipping-fee', ...op });
export const deleteShippingFeeRoute = routeOf<typeof adminDeleteShippingFee>({ method: 'POST', path: '/admin/api/settings/shipping-fee/delete', ...op });
export const savePointsSettingsRoute = routeOf<typeof adminSavePointsSettings>({ method: 'POST', path: '/admin/api/settings/points', ...op });
export const saveOperatingFeeRoute = routeOf<typeof adminSaveOperatingFee>({ method: 'POST', path: '/admin/api/settings/operating-fee', ...op });
export const saveInternationalFreightRoute = routeOf<typeof adminSaveInternationalFreight>({ method: 'POST', path: '/admin/api/settings/international-freight', ...op });
export const setCurrencyRoute = routeOf<typeof adminSetCurrency>({ method: 'POST', path: '/admin/api/settings/currency', ...op });
export const languageTextsRoute = routeOf<typeof adminLanguageTexts>({ method: 'GET', path: '/admin/api/settings/language-texts', ...op });
export const setLanguageTextRoute = routeOf<typeof adminSetLanguageText>({ method: 'POST', path: '/admin/api/settings/language-text', ...op });
export const shippingCountriesRoute = routeOf<typeof adminShippingCountries>({ method: 'GET', path: '/admin/api/geo/shipping-countries', ...op });
export const setShippingCountriesRoute = routeOf<typeof adminSetShippingCountries>({ method: 'POST', path: '/admin/api/geo/shipping-countries', ...op });
export const operatorsRoute = routeOf<typeof adminListOperators>({ method: 'GET', path: '/admin/api/operators', ...op });
export const createOperatorRoute = routeOf<typeof adminCreateOperator>({ method: 'POST', path: '/admin/api/operators/create', ...op });
export const operatorStatusRoute = routeOf<typeof adminSetOperatorStatus>({ method: 'POST', path: '/admin/api/operators/status', ...op });
export const operatorRoleRoute = routeOf<typeof adminSetOperatorRole>({ method: 'POST', path: '/admin/api/operators/role', ...op });
export const operatorResetRoute = routeOf<typeof adminResetOperatorTotp>({ method: 'POST', path: '/admin/api/operators/reset-2fa', ...op });
export const operatorSignInLinkRoute = routeOf<typeof adminOperatorSignInLink>({ method: 'POST', path: '/admin/api/operators/sign-in-link', ...op });
export const memberTotpResetRoute = routeOf<typeof adminResetMemberTotp>({ method: 'POST', path: '/admin/api/members/reset-2fa', ...op });
export const remindersRoute = routeOf<typeof adminOrderReminders>({ method: 'GET', path: '/admin/api/orders/reminders', ...op });
export const charityCausesRoute = routeOf<typeof adminListCharityCauses>({ method: 'GET', path: '/admin/api/charity/causes/list', ...op });
export const updateCharityCauseRoute = routeOf<typeof adminUpdateCharityCause>({ method: 'POST', path: '/admin/api/charity/causes/update', ...op });
export const charityPledgesRoute = routeOf<typeof adminListCharityPledges>({ method: 'GET', path: '/admin/api/charity/pledges', ...op });
export const createCharityCauseRoute = routeOf<typeof adminCreateCharityCause>({ method: 'POST', path: '/admin/api/charity/causes', ...op });
