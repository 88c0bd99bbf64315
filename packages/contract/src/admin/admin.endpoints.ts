import { shopsConsoleEndpoints } from './shops-console.endpoints.js';
import { z } from 'zod';
import { endpoint, type AnyEndpoint } from '../common/endpoint.js';
import * as s from './admin.schemas.js';
import { orderAdminEndpoints } from '../orders/orders.admin.js';
import { walletAdminEndpoints } from '../wallet/wallet.admin.js';
import { shippingCountriesBody, shippingCountriesData } from '../geo/geo.schemas.js';
import { consoleEndpoints } from './console.endpoints.js';
import { moneyConsoleEndpoints } from './money.endpoints.js';
import { paymentsConsoleEndpoints } from './payments.endpoints.js';
import { catalogueAdminEndpoints } from '../catalogue/catalogue.admin.js';
import { reviewsAdminEndpoints } from '../catalogue/reviews.admin.js';
import { contentAdminEndpoints } from '../content/content.admin.js';
import { approvalEndpoints, approvalOutcomeOf } from './approvals.js';
import * as afterSalesConsole from './after-sales.endpoints.js';
import * as referralConsole from './referral.endpoints.js';

// Operator calls (the console at /admin/), under /admin/api/: not part of the 240 member calls.

/** Sets the password with the one-time link `npm run ops -- operator create` printed. */
export const adminSetupPassword = endpoint({ method: 'POST', path: '/admin/api/auth/setup-password', auth: 'none', area: 'admin', body: s.setupPasswordBody, data: z.object({ user_name: z.string() }) });
export const adminSignIn = endpoint({ method: 'POST', path: '/admin/api/auth/sign-in', auth: 'none', area: 'admin', body: s.operatorSignInBody, data: s.operatorSessionData });
/** Binds the authenticator shown at the first sign-in, once a current code of it is given (a bad scan binds nothing). */
export const adminConfirmTotp = endpoint({ method: 'POST', path: '/admin/api/auth/totp/confirm', auth: 'operator', permission: 'session', area: 'admin', body: s.confirmTotpBody, data: s.operatorSchema });
export const adminSignOut = endpoint({ method: 'POST', path: '/admin/api/auth/sign-out', auth: 'operator', permission: 'session', area: 'admin', data: z.object({ ok: z.literal(true) }) });
export const adminMe = endpoint({ method: 'GET', path: '/admin/api/auth/me', auth: 'operator', permission: 'session', area: 'admin', data: s.operatorSchema });
/** The rate a conversion would use now, with its source and date. */
export const adminRateQuote = endpoint({ method: 'GET', path: '/admin/api/rates/quote', auth: 'operator', permission: 'rates.read', area: 'admin', query: s.rateQuoteQuery, data: s.rateQuoteData });
/** An operator's rate; it wins over the ECB feed for the pair. */
export const adminSetRate = endpoint({ method: 'POST', path: '/admin/api/rates/set', auth: 'operator', permission: 'rates.set', area: 'admin', body: s.setRateBody, data: approvalOutcomeOf(s.rateQuoteData) });
/** The ledger's invariants, checked now. */
export const adminLedgerCheck = endpoint({ method: 'GET', path: '/admin/api/ledger/check', auth: 'operator', permission: 'ledger.read', area: 'admin', data: s.ledgerCheckData });

/** The countries the shop ships to, in the order the address form offers them. */
export const adminShippingCountries = endpoint({ method: 'GET', path: '/admin/api/geo/shipping-countries', auth: 'operator', permission: 'settings.write', area: 'admin', data: shippingCountriesData });
/** Replaces the shipping countries (recorded with who and why; refused, 4020, from a copy changed since); addresses already saved stay as they are. */
export const adminSetShippingCountries = endpoint({ method: 'POST', path: '/admin/api/geo/shipping-countries', auth: 'operator', permission: 'settings.write', area: 'admin', body: shippingCountriesBody, data: shippingCountriesData });

const endpointsOf = (module: Record<string, unknown>): AnyEndpoint[] =>
  Object.values(module).filter((v): v is AnyEndpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v);

/** Every operator call, apart from the member calls of `allEndpoints`. */
export const adminEndpoints: readonly AnyEndpoint[] = [adminSetupPassword, adminSignIn, adminConfirmTotp, adminSignOut, adminMe, adminRateQuote, adminSetRate, adminLedgerCheck, adminShippingCountries, adminSetShippingCountries, ...orderAdminEndpoints, ...walletAdminEndpoints, ...consoleEndpoints, ...moneyConsoleEndpoints, ...catalogueAdminEndpoints, ...reviewsAdminEndpoints, ...contentAdminEndpoints, ...paymentsConsoleEndpoints, ...approvalEndpoints, ...shopsConsoleEndpoints, ...endpointsOf(afterSalesConsole), ...endpointsOf(referralConsole)];
