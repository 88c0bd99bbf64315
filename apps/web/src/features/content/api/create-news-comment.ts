import { createNewsComment, getNews, getNewsCommentThread, listNewsComments } from '@shop/contract/content';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Writes a comment or a reply; the article's comments and counts are read again. */
export const useCreateNewsComment = () => useEndpointMutation(createNewsComment, { invalidates: [listNewsComments, getNewsCommentThread, getNews] });
