import { sendCode, sendCodeByUserName, sendCodeToMember, type CodePurpose } from '@shop/contract';
import { call } from '@/lib/request';

/** A code to an e-mail or phone typed in the form (registration, binding). */
export const sendCodeTo = (input: { type: CodePurpose; email?: string; mobile_pre?: string; mobile?: string; captcha_token?: string }) => call(sendCode, input);

/** A code to the contact of the account with this user name (forgotten password). */
export const sendCodeForUserName = (user_name: string, captcha_token?: string) => call(sendCodeByUserName, { type: 'forget', user_name, captcha_token });

/** A code to the logged-in member's own e-mail (pay password, cancellation). */
export const sendCodeToMe = (type: CodePurpose) => call(sendCodeToMember, { type, channel: 'email' });
