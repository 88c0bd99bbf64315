import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/request';

/** Server state of every feature. A failure code is an answer, not a reason to ask again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout') && failures < 2,
    },
    // A write is sent now or fails now: never held while the phone is offline and sent by itself on reconnect
    // (TanStack's default pauses it), when the member has given up or placed the order again.
    mutations: { retry: false, networkMode: 'always' },
  },
});
