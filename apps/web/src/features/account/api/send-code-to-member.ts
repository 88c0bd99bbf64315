import { sendCodeToMember, type CodePurpose } from '@shop/contract/account';
import { call } from '@/lib/request';

/** A code to the logged-in member's own e-mail (pay password, cancellation). */
export const sendCodeToMe = (type: CodePurpose) => call(sendCodeToMember, { type, channel: 'email' });
