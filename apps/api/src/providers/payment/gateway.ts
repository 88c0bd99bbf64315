/**
 * One payment gateway behind one interface (MONEY.md): it converts amounts at its edge (integer
 * minor units inside, the provider's own format on the wire). The payments issue adds the adapters
 * and may widen these shapes; notifications come in through a webhook provider (webhooks/).
 */
export interface PaymentGateway {
  /** The name used in configuration, webhooks (`/webhooks/<name>`) and the ledger's clearing account. */
  readonly name: string;
  /** Starts a payment at the provider; `reference` is our payment's unique id (their idempotency key). */
  createPayment(input: { reference: string; amountMinor: number; currency: string; description: string; returnUrl: string }): Promise<{ providerRef: string; redirectUrl?: string; clientSecret?: string }>;
  /** Asks the provider what became of a payment (the browser's return is never trusted). */
  inquire(providerRef: string): Promise<{ status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired'; amountMinor: number; currency: string }>;
  /** Refunds all or part of a payment; `reference` is our refund's unique id. */
  refund(input: { providerRef: string; reference: string; amountMinor: number; currency: string }): Promise<{ refundRef: string; status: 'pending' | 'succeeded' | 'failed' }>;
}
