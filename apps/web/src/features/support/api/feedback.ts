import { getFeedback, listFeedback, listFeedbackCategories, createFeedback } from '@shop/contract/support';
import { useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

/** The feedback categories, in the member's language. */
export const useFeedbackCategories = () => useEndpointQuery(listFeedbackCategories, undefined, { staleTime: 300_000 });

/** Sends feedback; the member's list is asked again. A fresh Idempotency-Key per tap (a double tap is one feedback only when it is one tap). */
export const useSendFeedback = () => useEndpointMutation(createFeedback, { invalidates: [listFeedback] });

/** The member's feedback, newest first. */
export const useFeedbackPages = () => useEndpointInfiniteQuery(listFeedback, {});

/** One of the member's feedback with the reply (none is asked for without an id). */
export const useFeedback = (id: number) => useEndpointQuery(getFeedback, { id }, { enabled: id > 0 });
