import type { MailProvider } from './mail/mail.js';
import type { FakeGateway, PaymentGateway } from './payment/gateway.js';
import type { ExchangeRateSource } from './rates/rates.js';
import type { SmsProvider } from './sms/sms.js';
import type { FileStorage } from './storage/storage.js';
import type { ParcelTrackers } from './tracking/tracking.js';

/**
 * Everything the shop talks to outside itself, built once from the configuration (deps.ts) and
 * handed to modules through `AppDeps.providers`; tests replace any of them (buildTestApp).
 */
export interface Providers {
  mail: MailProvider;
  sms: SmsProvider;
  storage: FileStorage;
  /** Payment gateways by name: those whose mode is not off (config.ts, `<NAME>_MODE`). */
  payments: Partial<Record<string, PaymentGateway>>;
  /** The local fakes of gateways in sandbox mode, mounted at `/sandbox/<name>` (never in production). */
  paymentSandboxes: Partial<Record<string, FakeGateway>>;
  /** Exchange-rate feed; set by the rates area. */
  exchangeRates?: ExchangeRateSource;
  /** Parcel tracking providers by name (`kuaidi100`, `17track`), those configured; `manual` needs none. */
  parcelTracking: ParcelTrackers;
}
