import { sendCodeByUserName } from '@shop/contract/account';
import { call } from '@/lib/request';

/** A code to the contact of the account with this user name (forgotten password). */
export const sendCodeForUserName = (user_name: string, captcha_token?: string) => call(sendCodeByUserName, { type: 'forget', user_name, captcha_token });
