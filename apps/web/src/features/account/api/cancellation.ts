import { queryOptions, useQuery } from '@tanstack/react-query';
import { applyForCancellation, confirmCancellation, getCancellation } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

export const cancellationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['account', 'cancellation', token], queryFn: () => call(getCancellation, undefined, { quiet: true }), staleTime: 0 });

export const useCancellation = () => {
  const token = useSession((s) => s.token);
  return useQuery({ ...cancellationQueryOptions(token), enabled: Boolean(token) });
};

export const applyToCancel = () => call(applyForCancellation, { action: 'apply', agree: true });
export const withdrawCancellation = () => call(applyForCancellation, { action: 'withdraw' });

/** Closes the account with the e-mailed code; the server ends every session, the app forgets its own. */
export async function confirmAccountClosing(code: string) {
  await call(confirmCancellation, { code });
  useSession.getState().clear();
}
