import { logout } from '@shop/contract/account';
import { forgetMemberAnswers } from '@/lib/endpoint-query';
import { queryClient } from '@/lib/query-client';
import { tellShell } from '@/lib/native-bridge';
import { forgetOfflineReads } from '@/lib/offline-reads';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Ends the session on the server and forgets it here, whatever the server answers; the answers kept for offline use are dropped and the native shell is told (`logout`). */
export async function logoutMember(): Promise<void> {
  try {
    await call(logout, undefined, { quiet: true });
  } finally {
    useSession.getState().clear();
    forgetMemberAnswers(queryClient);
    void forgetOfflineReads();
    void tellShell('logout');
  }
}
