import type { AppDeps } from '../app-deps.js';
import type { WebhookProvider } from './provider.js';
import { TestWebhookProvider } from './test-provider.js';
import { paymentWebhookProviders } from '../modules/payments/payments.webhooks.js';
import { trackingWebhookProviders } from '../modules/orders/tracking.webhooks.js';

/** The providers whose notifications the shop accepts, by the name in `/webhooks/<name>`. The payments area adds its gateways here. */
export function webhookProviders(deps: AppDeps): Map<string, WebhookProvider> {
  const providers: WebhookProvider[] = [];
  // Development and tests only: production never accepts a notification signed with a test secret.
  if (deps.config.NODE_ENV !== 'production' && deps.config.WEBHOOK_TEST_SECRET) providers.push(new TestWebhookProvider(deps.config.WEBHOOK_TEST_SECRET));
  providers.push(...paymentWebhookProviders(deps));
  providers.push(...trackingWebhookProviders(deps));
  return new Map(providers.map((p) => [p.name, p]));
}
