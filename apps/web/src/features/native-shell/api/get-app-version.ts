import { getAppVersion } from '@shop/contract/content';
import { call } from '@/lib/request';

/** Whether the native app of this version and platform must (or may) update, and where from (`GET /web/version`). */
export const fetchAppVersion = (version: string, platform: 'android' | 'ios' | undefined) =>
  call(getAppVersion, platform ? { version, platform } : { version }, { quiet: true });
