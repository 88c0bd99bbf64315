import { adminListReviews, adminReplyToReview, adminSetReviewVisibility } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './reviews-admin.service.js';

/** The console's moderation of goods reviews: the list, hide or show with a reason, the shop's reply. */
export function reviewsAdminRoutes({ handle, deps }: Api): void {
  handle(adminListReviews, ({ actor, query }) => service.listReviews(deps.db, actor, query));
  handle(adminSetReviewVisibility, ({ actor, body }) => service.setReviewVisibility(deps, actor, body));
  handle(adminReplyToReview, ({ actor, body }) => service.replyToReview(deps, actor, body));
}
