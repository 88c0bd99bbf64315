import { collectNews, getNews } from '@shop/contract/content';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Collects or un-collects an article (`{ news_id, collect }`); the article is read again. */
export const useCollectNews = () => useEndpointMutation(collectNews, { invalidates: [getNews] });
