import { QueryClient } from '@tanstack/react-query';
import { OFFLINE_READ_PATHS } from '@/config/offline';
import { ApiError } from '@/lib/request';

/** Whether the browser says it has a network (TanStack's own flag only follows events since the page loaded). */
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Server state of every feature. A failure code is an answer, not a reason to ask again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline, a failure to reach the server is final (the page says it needs the network and opens
      // when it is back): a retry would wait for the network, paused, with the page loading forever.
      retry: (failures, error) => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout') && failures < 2 && online(),
    },
    // A write is sent now or fails now: never held while the phone is offline and sent by itself on reconnect
    // (TanStack's default pauses it), when the member has given up or placed the order again.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// The reads the service worker keeps are asked for even offline: the worker answers with what it
// kept, or the read fails at once and its page says it needs the network. (TanStack's default holds
// a read while offline, never asking and never failing: a page that spins for ever.) Other reads
// keep the default: a page already open when the network drops stays as it is.
for (const path of OFFLINE_READ_PATHS) queryClient.setQueryDefaults([path], { networkMode: 'offlineFirst' });
