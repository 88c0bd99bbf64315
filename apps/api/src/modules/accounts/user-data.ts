import type { User } from '@shop/contract';
import { iso } from '../../lib/dates.js';
import type { Executor } from '../../db/database.js';
import { realNameStatus } from '../certification/real-name.js';

import { accountHooks } from '../members/member-hooks.js';
import type { UserRow } from '../members/members.table.js';

/** The member as the app sees it. */
export async function toUserData(db: Executor, row: UserRow): Promise<User> {
  return {
    id: row.id,
    user_name: row.user_name,
    nickname: row.nickname,
    true_name: row.true_name,
    email: row.email,
    mobile_pre: row.mobile_pre,
    mobile: row.mobile,
    unverified_mobile_pre: row.unverified_mobile_pre,
    unverified_mobile: row.unverified_mobile,
    avatar: row.avatar,
    invite_code: row.invite_code,
    country: row.country,
    last_order_ids: await accountHooks.recentOrderIds(db, row.id),
    has_pay_password: row.pay_password_hash !== null,
    google_bound: row.totp_secret !== null,
    real_name_status: await realNameStatus(db, row.id),
    created_at: iso(row.created_at),
  };
}
