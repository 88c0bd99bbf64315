import { createRechargeOrder, getCryptoDepositAddress, getExchangeRatio, getRechargeConfig, getWalletAssets, getWalletTotals, listRechargeOrders } from '@shop/contract/wallet';
import { getPaymentMethodTotal, payOrder } from '@shop/contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQuery, useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { call, newIdempotencyKey } from '@/lib/request';

/** Channels, currencies, the company's collection accounts and the instalment plans of top-ups. */
export const useRechargeConfig = () => useEndpointQuery(getRechargeConfig, undefined, { staleTime: 60_000 });

/** Today's recorded rate from the currency paid in to the wallet currency, and what `amount` becomes (none when nothing is converted). */
export const useExchangeQuote = (from: string, to: string, amount: string | undefined) =>
  useEndpointQuery(getExchangeRatio, quoteParams(from, to, amount), { enabled: Boolean(from && to && from !== to), staleTime: 60_000 });

const quoteParams = (from: string, to: string, amount: string | undefined) => ({ from, to, ...(amount ? { amount } : {}) });

/** Looks up the quote of exactly this amount now (at submit: the look-up while typing may still be of an earlier amount). */
export function useFetchExchangeQuote() {
  const client = useQueryClient();
  const scope = useQueryScope();
  return (from: string, to: string, amount: string) => client.fetchQuery({ ...endpointQuery(getExchangeRatio, quoteParams(from, to, amount), scope), staleTime: 60_000 });
}

/** The member's stablecoin deposit address on a network, with its QR code. */
export const useDepositAddress = (network: string, enabled: boolean) => useEndpointQuery(getCryptoDepositAddress, { network }, { enabled, staleTime: 600_000 });

/** Creates a top-up order (its rate and credited amount fixed now); one idempotency key per visit of the form. */
export const useCreateRecharge = (idempotencyKey: string) =>
  useEndpointMutation(createRechargeOrder, { call: { idempotencyKey }, invalidates: [listRechargeOrders, getWalletAssets, getWalletTotals] });

/** The member's top-up orders, newest first. */
export const useRechargePages = () => useEndpointInfiniteQuery(listRechargeOrders, {});

/**
 * Starts paying an online or card top-up through the payments area: CTBC's instalment method for a
 * top-up in instalments, its one-payment method for a CTBC card top-up, otherwise the first card
 * method the shop offers for it (the top-up's channel decides which gateway methods are listed).
 */
export async function payTopUp(id: number, instalments: number | null) {
  const methods = await call(getPaymentMethodTotal, { order_type: 'recharge', order_id: id });
  const gateways = methods.list.filter((m) => m.gateway);
  const ctbc = gateways.find((m) => m.method === (instalments ? 'ctbc_installment' : 'ctbc_card'));
  const chosen = ctbc ?? gateways.find((m) => m.method.endsWith('card') && !m.method.startsWith('ctbc')) ?? gateways.find((m) => !m.method.startsWith('ctbc'));
  if (!chosen) throw new Error('no payment method for this top-up');
  return call(payOrder, { order_type: 'recharge', order_id: id, pay_way: chosen.pay_way, use_balance: false }, { idempotencyKey: newIdempotencyKey() });
}
