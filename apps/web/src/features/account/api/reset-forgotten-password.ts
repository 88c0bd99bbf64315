import { resetForgottenPassword } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { call } from '@/lib/request';

/** Sets a new password with the code sent to the account's contact. */
export const resetPassword = (input: EndpointBodyInput<typeof resetForgottenPassword>) => call(resetForgottenPassword, input);
