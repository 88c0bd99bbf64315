import { getNews, likeNews } from '@shop/contract/content';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Likes or unlikes an article (`{ news_id, like }`); the article is read again. */
export const useLikeNews = () => useEndpointMutation(likeNews, { invalidates: [getNews] });
