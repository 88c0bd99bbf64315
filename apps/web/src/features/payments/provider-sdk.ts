import type { Language } from '@shop/contract/common';

// The gateways' browser SDKs are loaded from the providers themselves (Stripe and Airwallex require
// it), only on the page that pays with them, and only when a live payment needs them.

export const STRIPE_JS = 'https://js.stripe.com/v3/';
export const AIRWALLEX_JS = 'https://static.airwallex.com/components/sdk/v1/index.js';

/** The part of Stripe.js the card page uses. */
export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
}
export interface StripeJs {
  elements(options: { clientSecret: string; locale?: string }): StripeElements;
  confirmPayment(options: { elements: StripeElements; confirmParams: { return_url: string }; redirect: 'if_required' }): Promise<{ error?: { message?: string } }>;
}
/** The part of Airwallex.js the Airwallex page uses. */
export interface AirwallexJs {
  init(options: { env: string; enabledElements: string[]; locale?: string }): Promise<{ payments?: { redirectToCheckout(options: Record<string, unknown>): unknown } }>;
}
/** WeChat's in-app bridge (only inside WeChat's browser). */
export interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, done: (res: { err_msg?: string }) => void): void;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeJs;
    AirwallexComponentsSDK?: AirwallexJs;
    WeixinJSBridge?: WeixinBridge;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds a provider's script once; `ready` tells it has defined what the page needs. A failed load may be tried again. */
export function loadScript(src: string, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      const fail = () => {
        el.remove();
        loading.delete(src);
        reject(new Error(`${src} did not load`));
      };
      el.addEventListener('load', () => (ready() ? resolve() : fail()));
      el.addEventListener('error', fail);
      document.head.appendChild(el);
    });
    loading.set(src, p);
  }
  return p;
}

/** The languages Stripe's and Airwallex's pages speak, by ours (others see English). */
const PROVIDER_LOCALES: Record<Language, { stripe: string; airwallex: string }> = {
  'en-us': { stripe: 'en', airwallex: 'en' },
  'zh-cn': { stripe: 'zh', airwallex: 'zh' },
  'zh-tw': { stripe: 'zh-TW', airwallex: 'zh-HK' },
  jp: { stripe: 'ja', airwallex: 'ja' },
  may: { stripe: 'ms', airwallex: 'ms' },
  hu: { stripe: 'hu', airwallex: 'en' },
  id: { stripe: 'id', airwallex: 'id' },
  km: { stripe: 'en', airwallex: 'en' },
  th: { stripe: 'th', airwallex: 'en' },
};
export const providerLocale = (lang: string, provider: 'stripe' | 'airwallex'): string => PROVIDER_LOCALES[lang as Language]?.[provider] ?? 'en';

/** The app's own address of a page (`…/h5/#/pages/goods/payFinish?…`), for a provider to send the browser back to. */
export const appAddress = (page: string): string => `${window.location.origin}${window.location.pathname}#${page}`;

/**
 * Opens Airwallex's hosted checkout for an intent with Airwallex.js, showing only the chosen method;
 * Airwallex returns the browser to `successUrl`. Rejects when the SDK cannot be loaded or started.
 */
export async function redirectToAirwallexCheckout(input: { clientSecret: string; sdk: Record<string, string>; currency: string; lang: string; successUrl: string }): Promise<void> {
  await loadScript(AIRWALLEX_JS, () => Boolean(window.AirwallexComponentsSDK));
  const { payments } = await window.AirwallexComponentsSDK!.init({ env: input.sdk.env ?? 'prod', enabledElements: ['payments'], locale: providerLocale(input.lang, 'airwallex') });
  if (!payments) throw new Error('Airwallex payments element missing');
  payments.redirectToCheckout({
    intent_id: input.sdk.intent_id,
    client_secret: input.clientSecret,
    currency: input.sdk.currency ?? input.currency,
    methods: [input.sdk.methods ?? 'card'],
    successUrl: input.successUrl,
  });
}
