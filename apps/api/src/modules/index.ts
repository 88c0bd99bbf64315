import type { Api } from '../plugins/routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { addressRoutes } from './address/address.routes.js';
import { cancellationRoutes } from './cancellation/cancellation.routes.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { catalogueAdminRoutes } from './catalogue/catalogue-admin.routes.js';
import { contentAdminRoutes } from './content/content-admin.routes.js';
import { certificationRoutes } from './certification/certification.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { charityRoutes } from './charity/charity.routes.js';
import { consoleRoutes } from './console/console.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { geoRoutes } from './geo/geo.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { langRoutes } from './lang/lang.routes.js';
import { operatorRoutes } from './operators/operators.routes.js';
import { twoFactorRoutes } from './two-factor/two-factor.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';
import { paymentRoutes } from './payments/payments.routes.js';
import { onlinePayRoutes } from './payments/onlinepay.routes.js';
import { moneyConsoleRoutes } from './money-console/money-console.routes.js';
import { devicesRoutes } from './devices/devices.routes.js';

/** Every module's routes. Each area adds one line. */
export const modules: Array<(api: Api) => void> = [healthRoutes, langRoutes, accountsRoutes, verificationRoutes, captchaRoutes, twoFactorRoutes, certificationRoutes, cancellationRoutes, uploadsRoutes, catalogueRoutes, cartRoutes, orderRoutes, charityRoutes, contentRoutes, operatorRoutes, consoleRoutes, catalogueAdminRoutes, contentAdminRoutes, geoRoutes, addressRoutes, walletRoutes, paymentRoutes, onlinePayRoutes, moneyConsoleRoutes, devicesRoutes];
