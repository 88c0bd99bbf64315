import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** A message to a member: what it tells of (`kind`, `params`), the page concerned, once per event. */
export interface MemberMessagesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  params: Generated<Record<string, string | number>>;
  link: Generated<string>;
  event_key: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
}
