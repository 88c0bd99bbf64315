import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export type OperatorRole = 'owner' | 'finance' | 'support' | 'catalogue' | 'reviewer';

export interface OperatorsTable {
  id: Generated<number>;
  user_name: string;
  role: OperatorRole;
  status: Generated<'active' | 'disabled'>;
  /** argon2id; null until the operator sets it with the one-time setup link. */
  password_hash: string | null;
  /** Sealed (lib/secrets.ts) base32 TOTP secret, once bound. */
  totp_secret: string | null;
  /** Sealed secret shown at the first sign-in, bound by the first valid code. */
  totp_pending_secret: string | null;
  /** The last accepted TOTP time step: a code is never accepted twice. */
  totp_last_step: number | null;
  sign_in_count: Generated<number>;
  setup_token_hash: Buffer | null;
  setup_expires_at: Timestamp | null;
  created_by: string;
  /** The console operator who received its first setup link (created it, or approved its creation); null: the machine's administrator. */
  created_by_id: number | null;
  /** The console operator who issued its latest way in (the setup link, a sign-in link, a raise's new link); null: the machine's administrator. */
  access_issued_by: number | null;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
  /** The member account the same person holds, linked by an owner: nobody decides about their own account. */
  member_id: number | null;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Opened by the first sign-in, before the authenticator was bound: it may only bind it or sign out. */
  needs_totp: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
}

export type OperatorRow = Selectable<OperatorsTable>;
