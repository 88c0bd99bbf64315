import { getShareInfo } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The member's own share link (no goods named). */
export const useMyShareLink = () => useEndpointQuery(getShareInfo, {});
