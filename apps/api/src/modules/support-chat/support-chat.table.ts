import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** A member's support conversation: open (waiting while no agent has it) until an agent closes it. */
export interface ChatConversationsTable {
  id: Generated<number>;
  member_id: number;
  agent_id: number | null;
  status: Generated<'open' | 'closed'>;
  /** The agent's messages the member has not read. */
  unread_member: Generated<number>;
  /** The member's messages the agents have not read. */
  unread_agent: Generated<number>;
  /** The last line written (a picture's is empty; goods: its name; an order: its number). */
  last_message: Generated<string>;
  /** What kind of message the last line was: the desk words a picture, goods or an order in the operator's language. */
  last_message_kind: Generated<ChatKind>;
  last_message_at: Timestamp;
  created_at: Timestamp;
  closed_at: Timestamp | null;
}

export type ChatSender = 'member' | 'agent' | 'system';
export type ChatKind = 'text' | 'image' | 'goods' | 'order';

/** One message of a conversation (the member's id repeated, so a member's reads never join). */
export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  member_id: number;
  sender: ChatSender;
  agent_id: number | null;
  kind: ChatKind;
  body: Generated<string>;
  upload_id: number | null;
  ref_id: number | null;
  created_at: Timestamp;
}

/** A reply the desk keeps ready, in one language. */
export interface ChatCannedRepliesTable {
  id: Generated<number>;
  lang: string;
  title: string;
  text: string;
  sort: Generated<number>;
  created_by: string;
  created_at: Timestamp;
  /** When the reply last changed: the version a change or a removal from the desk names. */
  updated_at: Timestamp;
}

/** When a support operator was last at the desk. */
export interface ChatAgentsTable {
  operator_id: number;
  seen_at: Timestamp;
}
