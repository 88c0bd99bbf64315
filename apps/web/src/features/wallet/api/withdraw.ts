import { cancelWithdrawal, createCryptoWithdrawal, createWithdrawal, getWalletAssets, getWalletTotals, getWithdrawal, getWithdrawalRatio, listBankCards, listWithdrawalChannels, listWithdrawals } from '@shop/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQuery, useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { isQuoteOf } from '../components/amount-quote';
import { useDebounced } from '../use-debounced';

/** The ways to withdraw and the member's bank cards. */
export const useWithdrawalChannels = () => useEndpointQuery(listWithdrawalChannels, undefined, { staleTime: 10_000 });

/** The fee and limits of a withdrawal (to a bank card unless told) or a transfer in `currency`; with an amount, the fee and what leaves the balance. */
export const useWithdrawalQuote = (currency: string, amount: string | undefined, method: WithdrawalMethod = 'bank') =>
  useEndpointQuery(getWithdrawalRatio, quoteParams(currency, amount, method), { enabled: Boolean(currency), staleTime: 30_000 });

/**
 * The fee rule of `currency` and the fee of the amount in the field now, never of one typed before
 * it: while that one is asked for (after a pause in typing), `pending`.
 */
export function useFeeQuote(currency: string, amount: string | undefined, method: WithdrawalMethod = 'bank') {
  const settled = useDebounced(amount);
  const quote = useWithdrawalQuote(currency, settled, method);
  const fee = quote.data?.quote && isQuoteOf(quote.data.quote.amount, amount, currency) ? quote.data.quote : null;
  return { rule: quote.data?.rules.find((r) => r.currency === currency), fee, pending: amount !== undefined && !fee && (settled !== amount || quote.isFetching) };
}

/** What `withdrawRatio` quotes: a withdrawal to a card or a stablecoin address, or a transfer to another member. */
type WithdrawalMethod = 'bank' | 'crypto' | 'transfer';
const quoteParams = (currency: string, amount: string | undefined, method: WithdrawalMethod) => ({ method, ...(currency ? { currency } : {}), ...(amount ? { amount } : {}) });

/** Looks up the fee of exactly this amount now (at submit: the look-up while typing may still be of an earlier amount). */
export function useFetchWithdrawalQuote() {
  const client = useQueryClient();
  const scope = useQueryScope();
  return (currency: string, amount: string, method: WithdrawalMethod = 'bank') =>
    client.fetchQuery({ ...endpointQuery(getWithdrawalRatio, quoteParams(currency, amount, method), scope), staleTime: 30_000 });
}

/** Asks for a withdrawal to one of the member's bank cards; one idempotency key per visit of the form. */
export const useCreateWithdrawal = (idempotencyKey: string) =>
  useEndpointMutation(createWithdrawal, { call: { idempotencyKey }, invalidates: [listWithdrawals, getWalletAssets, getWalletTotals, listBankCards, listWithdrawalChannels] });

/** The member's withdrawals, newest first. */
export const useWithdrawalPages = () => useEndpointInfiniteQuery(listWithdrawals, {});

/** One of the member's withdrawals (none is asked for without an id). */
export const useWithdrawal = (id: number) => useEndpointQuery(getWithdrawal, { id }, { enabled: id > 0 });

/** Asks for a withdrawal to a stablecoin address; one idempotency key per visit of the form. */
export const useCreateCryptoWithdrawal = (idempotencyKey: string) =>
  useEndpointMutation(createCryptoWithdrawal, { call: { idempotencyKey }, invalidates: [listWithdrawals, getWalletAssets, getWalletTotals] });

/** Cancels a pending withdrawal of the member's: the record, the lists and the balances are read again. */
export const useCancelWithdrawal = () =>
  useEndpointMutation(cancelWithdrawal, { invalidates: [getWithdrawal, listWithdrawals, getWalletAssets, getWalletTotals, listBankCards, listWithdrawalChannels] });
