import { adminCloseFeedback, adminFeedbackCategories, adminListFeedback, adminReplyFeedback, adminSaveFeedbackCategory, createFeedback, getFeedback, listFeedback, listFeedbackCategories } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './feedback.service.js';

/** Members' feedback and the operators' replies. */
export function feedbackRoutes({ handle, deps }: Api): void {
  handle(listFeedbackCategories, ({ actor }) => service.feedbackCategories(deps.db, actor));
  handle(createFeedback, ({ actor, body }) => service.sendFeedback(deps.db, actor, body));
  handle(listFeedback, ({ actor, query }) => service.memberFeedbackList(deps.db, actor, query));
  handle(getFeedback, ({ actor, query }) => service.memberFeedbackInfo(deps, actor, query));
  handle(adminListFeedback, ({ actor, query }) => service.adminFeedbackList(deps, actor, query));
  handle(adminReplyFeedback, ({ actor, body }) => service.replyFeedback(deps, actor, body));
  handle(adminCloseFeedback, ({ actor, body }) => service.closeFeedback(deps, actor, body));
  handle(adminFeedbackCategories, ({ actor }) => service.adminCategories(deps.db, actor));
  handle(adminSaveFeedbackCategory, ({ actor, body }) => service.saveCategory(deps.db, actor, body));
}
