import type { Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** A phone the member's native app shell can reach with a push message (its push token). */
export interface PushDevicesTable {
  token: string;
  user_id: number;
  /** The login (every token refreshed from it) that registered the phone last. */
  session_family_id: string;
  platform: 'ios' | 'android';
  provider: 'fcm' | 'apns';
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PushDeviceRow = Selectable<PushDevicesTable>;
