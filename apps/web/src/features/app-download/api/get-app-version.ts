import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAppVersion } from '@shop/contract';
import { call } from '@/lib/request';

export const fetchAppVersion = () => call(getAppVersion, { platform: 'h5' }, { quiet: true });

export const appVersionQueryOptions = () =>
  queryOptions({ queryKey: ['app-version', 'h5'], queryFn: fetchAppVersion, staleTime: 60 * 60 * 1000, retry: false });

export const useAppVersion = (enabled: boolean) => useQuery({ ...appVersionQueryOptions(), enabled });
