import { call } from '@/lib/request';

/**
 * Whether the slider must be passed first (openJY answers 1). The account calls (and zod with their
 * schemas) load when first asked: the login page is a first screen.
 */
export const captchaNeeded = async (account?: string): Promise<boolean> => {
  const { isCaptchaRequired } = await import('@shop/contract/account');
  return (await call(isCaptchaRequired, account ? { account } : {}, { quiet: true })) === 1;
};
