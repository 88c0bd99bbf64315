import { getNewsCommentThread, likeNewsComment, listNewsComments } from '@shop/contract/content';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Likes or unlikes a comment; the comments are read again. */
export const useLikeNewsComment = () => useEndpointMutation(likeNewsComment, { invalidates: [listNewsComments, getNewsCommentThread] });
