import type { AnyEndpoint } from './common/endpoint.js';
import * as account from './account/account.endpoints.js';
import * as address from './address/address.endpoints.js';
import * as afterSales from './after-sales/after-sales.endpoints.js';
import * as cart from './cart/cart.endpoints.js';
import * as catalogue from './catalogue/catalogue.endpoints.js';
import * as content from './content/content.endpoints.js';
import * as geo from './geo/geo.endpoints.js';
import * as lang from './lang/lang.endpoints.js';
import * as orders from './orders/orders.endpoints.js';
import * as payments from './payments/payments.endpoints.js';
import * as referral from './referral/referral.endpoints.js';
import * as support from './support/support.endpoints.js';
import * as userShop from './user-shop/user-shop.endpoints.js';
import * as wallet from './wallet/wallet.endpoints.js';

const modules = [account, address, afterSales, cart, catalogue, content, geo, lang, orders, payments, referral, support, userShop, wallet];

const isEndpoint = (v: unknown): v is AnyEndpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v;

/** Every call of the API, each once. */
export const allEndpoints: readonly AnyEndpoint[] = modules.flatMap((m) => Object.values(m).filter(isEndpoint));
