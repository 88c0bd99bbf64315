import { z } from 'zod';
import { pageOf, pageQuery } from '../common/pagination.js';

/** What a message tells of: `<area>.<event>` (`order.shipped`, `withdrawal.approved` …); the app picks its icon by the area. */
export const messageKind = z.string().regex(/^[a-z][a-z0-9_.]{1,63}$/);

/** One message to the member, in the member's language as it was read. */
export const messageSchema = z.object({
  id: z.number().int().positive(),
  kind: messageKind,
  title: z.string(),
  text: z.string(),
  /** The app page concerned (`/pages/order/orderInfo?id=42`), or empty. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type MemberMessage = z.infer<typeof messageSchema>;

/** Newest first, optionally of one area (`order`, `wallet` …) or one kind; reading a page marks its messages read. */
export const messageListQuery = pageQuery.extend({ kind: z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/).optional() });
export const messageListData = pageOf(messageSchema).extend({ unread: z.number().int().min(0) });

export const unreadMessagesData = z.object({ unread: z.number().int().min(0) });
