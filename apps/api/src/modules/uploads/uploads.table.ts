import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export interface UploadTokensTable {
  token_hash: Buffer;
  user_id: number;
  host_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface UploadsTable {
  id: Generated<number>;
  /** The member who uploaded it, or else the operator (exactly one of the two). */
  user_id: number | null;
  operator_id: Generated<number | null>;
  storage_key: string;
  mime: string;
  kind: 'image' | 'video';
  size: number;
  original_name: string | null;
  /** Served to anyone (the shop's pictures, avatars, review pictures); else only through a signed address. */
  public: Generated<boolean>;
  created_at: Timestamp;
}
