import { useQueryClient } from '@tanstack/react-query';
import { confirmCancellation } from '@shop/contract/account';
import { forgetMemberAnswers, useEndpointMutation } from '@/lib/endpoint-query';
import { useSession } from '@/stores/session';

/** Closes the account with the e-mailed code; the server ends every session, the app forgets its own. */
export function useConfirmCancellation() {
  const client = useQueryClient();
  return useEndpointMutation(confirmCancellation, {
    onSuccess: () => {
      useSession.getState().clear();
      forgetMemberAnswers(client);
    },
  });
}
