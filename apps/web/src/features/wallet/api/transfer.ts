import { createTransfer, getTransfer, getWalletAssets, getWalletTotals, listTransfers } from '@shop/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQuery, useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';

/** The receiver a transfer would go to, by user name, mobile or invitation code (their masked name, to confirm). */
export const useTransferReceiver = (account: string) => useEndpointQuery(getTransfer, { account }, { enabled: account.trim().length >= 3, staleTime: 30_000 });

/** Looks the receiver up now (at submit, when the look-up while typing has not answered yet). */
export function useFindReceiver() {
  const client = useQueryClient();
  const scope = useQueryScope();
  return (account: string) => client.fetchQuery({ ...endpointQuery(getTransfer, { account }, scope), staleTime: 30_000 });
}

/** Sends money to another member; one idempotency key per visit of the form, so a repeated tap sends once. */
export const useCreateTransfer = (idempotencyKey: string) =>
  useEndpointMutation(createTransfer, { call: { idempotencyKey }, invalidates: [listTransfers, getWalletAssets, getWalletTotals] });

/** The member's transfers, sent and received, newest first. */
export const useTransferPages = (direction: 'out' | 'in' | undefined) => useEndpointInfiniteQuery(listTransfers, direction ? { direction } : {});

/** One of the member's transfers, sent or received (none is asked for without an id). */
export const useTransferRecord = (id: number) => useEndpointQuery(getTransfer, { id }, { enabled: id > 0 });
