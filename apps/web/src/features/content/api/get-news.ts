import { getNews } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** One news article with the member's like and collect flags. */
export const useNewsInfo = (id: number) => useEndpointQuery(getNews, { id }, { enabled: id > 0 });
