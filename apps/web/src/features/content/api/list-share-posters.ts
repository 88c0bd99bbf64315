import { listSharePosters } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Posters a member can share. */
export const useSharePosters = () => useEndpointQuery(listSharePosters, undefined);
