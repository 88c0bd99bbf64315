import { getCaptchaConfig } from '@shop/contract/account';
import { call } from '@/lib/request';

/** The human check's settings (which check, and whether it may be bypassed). */
export const fetchCaptchaConfig = () => call(getCaptchaConfig, undefined, { quiet: true });
