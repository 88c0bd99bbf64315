import type { Database } from '../../../db/database.js';

/** A shipping address of the member, straight in the table (the address area owns the calls). */
export async function newAddress(db: Database, userId: number, opts: { countryCode?: string; isDefault?: boolean; name?: string } = {}) {
  const row = await db
    .insertInto('addresses')
    .values({
      user_id: userId,
      name: opts.name ?? 'Mei',
      surname: 'Tan',
      mobile_pre: '60',
      mobile: '123456789',
      country_code: opts.countryCode ?? 'MY',
      province_id: null,
      city_id: null,
      district_id: null,
      province: 'Selangor',
      city: 'Petaling Jaya',
      detail: 'Jalan 14/20, 5',
      zip_code: '46100',
      latitude: null,
      longitude: null,
      is_default: opts.isDefault ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const orderRow = (db: Database, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A signed-in operator of `role`, straight in the tables (the operators area owns sign-in). */
export async function newOperatorSession(db: Database, role: 'owner' | 'finance' | 'support' | 'catalogue' | 'reviewer' = 'support') {
  const { hashToken, newToken } = await import('../../../lib/tokens.js');
  const op = await db
    .insertInto('operators')
    .values({ user_name: `op${Math.random().toString(36).slice(2, 9)}`, role, password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, setup_token_hash: null, setup_expires_at: null, created_by: 'test', last_sign_in_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('operator_sessions')
    .values({ operator_id: op.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000), last_seen_at: new Date(), revoked_at: null, ip: null, user_agent: null })
    .execute();
  return { operatorId: op.id, headers: { authorization: `Bearer ${token}` } };
}
