import { createRechargeOrder, getCryptoDepositAddress, getExchangeRatio, getRechargeConfig, getWalletAssets, getWalletTotals, listRechargeOrders } from '@shop/contract/wallet';
import { useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

/** Channels, currencies, the company's collection accounts and the instalment plans of top-ups. */
export const useRechargeConfig = () => useEndpointQuery(getRechargeConfig, undefined, { staleTime: 60_000 });

/** Today's recorded rate from the currency paid in to the wallet currency, and what `amount` becomes. */
export const useExchangeQuote = (from: string, to: string, amount: string | undefined) =>
  useEndpointQuery(getExchangeRatio, { from, to, ...(amount ? { amount } : {}) }, { enabled: Boolean(from && to), staleTime: 60_000 });

/** The member's stablecoin deposit address on a network, with its QR code. */
export const useDepositAddress = (network: string, enabled: boolean) => useEndpointQuery(getCryptoDepositAddress, { network }, { enabled, staleTime: 600_000 });

/** Creates a top-up order (its rate and credited amount fixed now); one idempotency key per visit of the form. */
export const useCreateRecharge = (idempotencyKey: string) =>
  useEndpointMutation(createRechargeOrder, { call: { idempotencyKey }, invalidates: [listRechargeOrders, getWalletAssets, getWalletTotals] });

/** The member's top-up orders, newest first. */
export const useRechargePages = () => useEndpointInfiniteQuery(listRechargeOrders, {});
