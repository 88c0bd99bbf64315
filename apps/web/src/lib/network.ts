import { queryClient } from '@/lib/query-client';
import { useGlobalLoading } from '@/stores/app-flags';

/**
 * Spec §4: losing the network turns the global loading flag off (nothing will arrive); its return
 * turns it on while the screen's data is fetched again.
 */
export function watchNetwork(): () => void {
  const store = useGlobalLoading.getState;
  const offline = () => {
    store().setOffline(true);
    store().setGlobalLoading(false);
  };
  const online = () => {
    store().setOffline(false);
    store().setGlobalLoading(true);
    void queryClient.refetchQueries({ type: 'active' }).finally(() => store().setGlobalLoading(false));
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
