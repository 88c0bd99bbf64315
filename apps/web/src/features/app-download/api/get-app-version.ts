import { getAppVersion } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The current app version and where to download it; asked once an hour at most. */
export const useAppVersion = (enabled: boolean) => useEndpointQuery(getAppVersion, { platform: 'h5' }, { enabled, staleTime: 60 * 60 * 1000, retry: false });
