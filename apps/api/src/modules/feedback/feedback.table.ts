import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** A feedback category, named by operators in each language (language → name). */
export interface FeedbackCategoriesTable {
  id: Generated<number>;
  names: Record<string, string>;
  sort: Generated<number>;
  /** Offered to members. */
  enabled: Generated<boolean>;
  created_at: Timestamp;
  /** When the row last changed: the version its console form names when saving it. */
  updated_at: Timestamp;
}

export type FeedbackStatus = 'pending' | 'replied' | 'closed';

/** A member's feedback: the text as typed, their own images, and the operator's one reply. */
export interface FeedbacksTable {
  id: Generated<number>;
  member_id: number;
  category_id: number;
  content: string;
  /** The member's own image uploads. */
  image_ids: Generated<number[]>;
  contact: Generated<string>;
  status: Generated<FeedbackStatus>;
  reply: string | null;
  replied_by: string | null;
  replied_at: Timestamp | null;
  closed_by: string | null;
  closed_at: Timestamp | null;
  created_at: Timestamp;
}
