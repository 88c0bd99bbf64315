import type { Api } from './plugins/routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { addressRoutes } from './modules/address/address.routes.js';
import { cancellationRoutes } from './modules/cancellation/cancellation.routes.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.js';
import { reviewsAdminRoutes } from './modules/catalogue/reviews-admin.routes.js';
import { contentAdminRoutes } from './modules/content/content-admin.routes.js';
import { certificationRoutes } from './modules/certification/certification.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { charityRoutes } from './modules/charity/charity.routes.js';
import { consoleRoutes } from './console/console.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { langRoutes } from './modules/lang/lang.routes.js';
import { operatorRoutes } from './modules/operators/operators.routes.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { onlinePayRoutes } from './modules/payments/onlinepay.routes.js';
import { moneyConsoleRoutes } from './modules/money-console/money-console.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { approvalsRoutes } from './modules/approvals/approvals.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { supportChatRoutes } from './modules/support-chat/support-chat.routes.js';
import { afterSalesRoutes } from './modules/after-sales/after-sales.routes.js';
import { referralRoutes } from './modules/referral/referral.routes.js';
import { userShopRoutes } from './modules/user-shop/user-shop.routes.js';

// Composition: every area's routes, and the console's (which gather several areas). An area adds one line.

/** Every module's routes. */
export const modules: Array<(api: Api) => void> = [healthRoutes, langRoutes, accountsRoutes, verificationRoutes, captchaRoutes, twoFactorRoutes, certificationRoutes, cancellationRoutes, uploadsRoutes, catalogueRoutes, cartRoutes, promotionsRoutes, orderRoutes, charityRoutes, contentRoutes, operatorRoutes, consoleRoutes, catalogueAdminRoutes, reviewsAdminRoutes, contentAdminRoutes, geoRoutes, addressRoutes, walletRoutes, paymentRoutes, onlinePayRoutes, moneyConsoleRoutes, devicesRoutes, messagesRoutes, approvalsRoutes, feedbackRoutes, supportChatRoutes, afterSalesRoutes, referralRoutes, userShopRoutes];
