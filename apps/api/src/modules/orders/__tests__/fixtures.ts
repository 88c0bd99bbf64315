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
