import { createOrderReview, editOrderReview, getOrderReview } from '@shop/contract/after-sales';
import { getReviewTotals, listReviews } from '@shop/contract/catalogue';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

const reviewReads = [getOrderReview, listReviews, getReviewTotals] as const;

/** The member's reviews of an order's lines, with what may be reviewed or changed. */
export const useOrderReviews = (orderId: number, enabled: boolean) => useEndpointQuery(getOrderReview, { order_id: orderId }, { enabled: enabled && orderId > 0, staleTime: 0 });
/** Reviews a line (once); the goods' reviews are read again. */
export const useCreateReview = () => useEndpointMutation(createOrderReview, { invalidates: reviewReads });
/** Changes a review (once). */
export const useEditReview = () => useEndpointMutation(editOrderReview, { invalidates: reviewReads });
