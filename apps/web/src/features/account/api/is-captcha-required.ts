import { isCaptchaRequired } from '@shop/contract/account';
import { call } from '@/lib/request';

/** Whether the slider must be passed first (openJY answers 1). */
export const captchaNeeded = async (account?: string): Promise<boolean> => (await call(isCaptchaRequired, account ? { account } : {}, { quiet: true })) === 1;
