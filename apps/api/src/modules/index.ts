import type { Api } from '../plugins/routes.js';
import { accountAreaRoutes } from './accounts/account-area.js';
import { addressRoutes } from './address/address.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { charityRoutes } from './charity/charity.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { geoRoutes } from './geo/geo.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { langRoutes } from './lang/lang.routes.js';
import { operatorRoutes } from './operators/operators.routes.js';

/** Every module's routes. Each area adds one line. */
export const modules: Array<(api: Api) => void> = [healthRoutes, langRoutes, accountAreaRoutes, catalogueRoutes, cartRoutes, orderRoutes, charityRoutes, contentRoutes, operatorRoutes, geoRoutes, addressRoutes];
