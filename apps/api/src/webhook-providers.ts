import type { AppDeps } from './app-deps.js';
import type { WebhookProvider } from './webhooks/provider.js';
import { TestWebhookProvider } from './webhooks/test-provider.js';
import { paymentWebhookProviders } from './modules/payments/payments.webhooks.js';
import { trackingWebhookProviders } from './modules/orders/tracking.webhooks.js';

// Composition: the providers whose notifications the shop accepts, each from its area; the webhook
// ingress (`webhooks/`) verifies, stores and applies whatever it is given.

/** The providers whose notifications the shop accepts, by the name in `/webhooks/<name>`. An area adds its providers here. */
export function webhookProviders(deps: AppDeps): Map<string, WebhookProvider> {
  const providers: WebhookProvider[] = [];
  // Development and tests only: production never accepts a notification signed with a test secret.
  if (deps.config.NODE_ENV !== 'production' && deps.config.WEBHOOK_TEST_SECRET) providers.push(new TestWebhookProvider(deps.config.WEBHOOK_TEST_SECRET));
  providers.push(...paymentWebhookProviders(deps));
  providers.push(...trackingWebhookProviders(deps));
  return new Map(providers.map((p) => [p.name, p]));
}
