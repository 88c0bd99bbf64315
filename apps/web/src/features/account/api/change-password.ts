import { changePassword } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { forgetMemberAnswers } from '@/lib/endpoint-query';
import { queryClient } from '@/lib/query-client';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Changes the password; the server ends every session, so the app forgets its own. */
export async function changeMemberPassword(input: EndpointBodyInput<typeof changePassword>) {
  await call(changePassword, input);
  useSession.getState().clear();
  forgetMemberAnswers(queryClient);
}
