import { listNewsBanners } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** News shown as banners. */
export const useNewsBanners = () => useEndpointQuery(listNewsBanners, undefined);
