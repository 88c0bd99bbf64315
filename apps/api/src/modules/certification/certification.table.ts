import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export type CertificationStatus = 'pending' | 'approved' | 'rejected';

export interface CertificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'mainland' | 'international';
  country: string;
  document_type: string;
  document_number: string;
  /**
   * The number as compared and kept unique per document type (the contract's `documentNumberKey`):
   * letters and digits only, normalised. The shop writes it; a row written without it gets a plain one.
   */
  document_key: Generated<string>;
  surname: string;
  given_name: string;
  title: string | null;
  birthday: string | null;
  referral_code: string | null;
  status: Generated<CertificationStatus>;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}
export type CertificationRow = Selectable<CertificationsTable>;
