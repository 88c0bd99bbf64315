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
    mutations: { retry: false },
  },
});
