import { getNotice } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** One notice. */
export const useNotice = (id: number) => useEndpointQuery(getNotice, { id }, { enabled: id > 0 });
