import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  nickname: Generated<string>;
  email: string | null;
  /** The member's phone, proved by a code sent to it: the only phone that names the member. */
  mobile_pre: string | null;
  mobile: string | null;
  /** A phone typed at registration and not yet proved by its code: shown to the member only, names nobody. */
  unverified_mobile_pre: string | null;
  unverified_mobile: string | null;
  password_hash: string;
  status: Generated<'active' | 'banned' | 'closed'>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The code others register with to become this member's team. */
  invite_code: string | null;
  referrer_id: number | null;
  /** Set from an approved real-name record. */
  true_name: string | null;
  avatar: string | null;
  pay_password_hash: string | null;
  /** Bound Google Authenticator secret, sealed (lib/secrets) with context `totp:user:<id>`. */
  totp_secret: string | null;
  /** A secret shown by createCode, bound by save after one valid code; sealed like totp_secret. */
  totp_pending_secret: string | null;
  /** The last accepted TOTP time step: a code is never accepted twice. */
  totp_last_step: number | null;
  country: string | null;
  password_changed_at: Timestamp | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  /** Shared by every token refreshed from one login: reuse of a rotated token ends the family. */
  family_id: Generated<string>;
  /** Set when a refresh replaced this token; using it again is reuse. */
  rotated_at: Timestamp | null;
  /** Recorded at most every few minutes, for the idle limit. */
  last_used_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

/** A role a member holds beside being a member (granted by an approved application or an operator). */
export type MemberRoleKind = 'dealer' | 'service_centre' | 'shop_owner';
export interface MemberRolesTable {
  member_id: number;
  kind: MemberRoleKind;
  status: Generated<'active' | 'revoked'>;
  region: Generated<string>;
  since: Timestamp;
  granted_by: string;
  revoked_at: Timestamp | null;
  reason: Generated<string>;
}
