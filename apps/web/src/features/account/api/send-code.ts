import { sendCode } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { call } from '@/lib/request';

/** A code to an e-mail or phone typed in the form (registration, binding). */
export const sendCodeTo = (input: EndpointBodyInput<typeof sendCode>) => call(sendCode, input);
