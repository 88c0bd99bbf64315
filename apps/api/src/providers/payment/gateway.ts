// The payment gateway interface lives with the payments area (modules/payments/gateways/gateway.ts);
// the providers only hold the configured adapters and, outside production, their local fakes.
export type { FakeGateway, PaymentGateway } from '../../modules/payments/gateways/gateway.js';
