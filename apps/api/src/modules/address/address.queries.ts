import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ShippingAddressRow } from './address.table.js';
import type { DB } from '../../db/schema.js';
import type { AddressesTable } from './address.table.js';

/** Advisory lock class of a member's address book (the second key is the member id). */
const ADDRESS_BOOK_LOCK = 11_001;

/** Columns of an address with its country's names and flag and the names of its chosen regions. */
function selectAddresses(db: Executor) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('geo_countries as c', 'c.code', 'a.country_code')
    .leftJoin('geo_regions as p', 'p.id', 'a.province_id')
    .leftJoin('geo_regions as ci', 'ci.id', 'a.city_id')
    .leftJoin('geo_regions as d', 'd.id', 'a.district_id')
    .selectAll('a')
    .select([
      'c.names as country_names',
      'c.flag',
      'p.name as province_name',
      'p.names as province_names',
      'ci.name as city_name',
      'ci.names as city_names',
      'd.name as district_name',
      'd.names as district_names',
    ]);
}

export type AddressRow = Awaited<ReturnType<typeof findAddressesOfMember>>[number];

/** The member's addresses, the default first, then newest first. */
export const findAddressesOfMember = (db: Executor, memberId: number) =>
  selectAddresses(db).where('a.user_id', '=', memberId).orderBy('a.is_default', 'desc').orderBy('a.id', 'desc').execute();

/**
 * One address of one member (undefined for another member's id): what checkout reads to copy the
 * address into an order.
 */
export const findAddressForMember = (db: Executor, memberId: number, addressId: number) =>
  selectAddresses(db).where('a.id', '=', addressId).where('a.user_id', '=', memberId).executeTakeFirst();

/** The member's default address, if any. */
export const findDefaultAddressOfMember = (db: Executor, memberId: number) =>
  selectAddresses(db).where('a.user_id', '=', memberId).where('a.is_default', '=', true).executeTakeFirst();


/**
 * A chosen place as an address reads and an order copies it: the text saved with the address while it
 * still names its region (in any language); the region's own name where none was saved, or where the
 * region list has since renamed the place or merged it into another, so the text never contradicts
 * the place the address points at. `placeSql` is the same rule in SQL.
 */
export const placeAsCopied = (saved: string, name: string, names: Record<string, string | undefined> | null): string =>
  saved !== '' && (saved === name || Object.values(names ?? {}).includes(saved)) ? saved : name;

const placeSql = (column: 'province' | 'city' | 'district', region: 'p' | 'ci' | 'd') =>
  sql.raw(`case when ${region}.id is null or (a.${column} <> '' and (a.${column} = ${region}.name
      or exists (select 1 from jsonb_each_text(coalesce(${region}.names, '{}'::jsonb)) n where n.value = a.${column}))) then a.${column}
    else ${region}.name end as ${column}`);

/**
 * The select of `findShippingAddress`, for a statement that reads the address with other things
 * (checkout reads it with the stock it reserves).
 */
export const shippingAddressQuery = (memberId: number, addressId?: number) =>
  sql<ShippingAddressRow>`select a.id, a.name, a.surname, a.mobile_pre, a.mobile, a.email, a.country_code,
      ${placeSql('province', 'p')}, ${placeSql('city', 'ci')}, ${placeSql('district', 'd')}, a.detail, a.house_number, a.zip_code
    from addresses a
      left join geo_regions p on p.id = a.province_id left join geo_regions ci on ci.id = a.city_id left join geo_regions d on d.id = a.district_id
    where a.user_id = ${memberId} and ${addressId === undefined ? sql`a.is_default` : sql`a.id = ${addressId}`}`;

/**
 * One address of one member (their default one without `addressId`) as an order copies it, its places
 * as `placeAsCopied` reads them. Undefined for another member's id.
 */
export const findShippingAddress = async (db: Executor, memberId: number, addressId?: number) => (await shippingAddressQuery(memberId, addressId).execute(db)).rows[0];

/**
 * Serializes changes to one member's address book until the transaction ends: the limit of 20
 * and the single default are checked and kept by one writer at a time.
 */
export const lockAddressBookForUpdate = (tx: Transaction<DB>, memberId: number) =>
  sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}, ${memberId % 2_147_483_647}::int)`.execute(tx);

export const countAddressesOfMember = async (db: Executor, memberId: number): Promise<number> =>
  Number((await db.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', memberId).executeTakeFirstOrThrow()).n);

export const hasDefaultAddress = async (db: Executor, memberId: number): Promise<boolean> =>
  !!(await db.selectFrom('addresses').select('id').where('user_id', '=', memberId).where('is_default', '=', true).executeTakeFirst());

export const insertAddress = (db: Executor, values: Insertable<AddressesTable>) => db.insertInto('addresses').values(values).returning('id').executeTakeFirstOrThrow();

/** Changes one of the member's addresses; undefined when the member has no address of that id. */
export const updateAddressOfMember = (db: Executor, memberId: number, addressId: number, values: Updateable<AddressesTable>) =>
  db
    .updateTable('addresses')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', addressId)
    .where('user_id', '=', memberId)
    .returning('id')
    .executeTakeFirst();

/** Removes one of the member's addresses; undefined when the member has no address of that id. */
export const deleteAddressOfMember = (db: Executor, memberId: number, addressId: number) =>
  db.deleteFrom('addresses').where('id', '=', addressId).where('user_id', '=', memberId).returning(['id', 'is_default']).executeTakeFirst();

/** Clears the member's default (before another one is set: at most one default may exist). */
export const clearDefaultAddress = (db: Executor, memberId: number) =>
  db.updateTable('addresses').set({ is_default: false }).where('user_id', '=', memberId).where('is_default', '=', true).execute();

/** Makes one of the member's addresses the default; undefined when the member has no address of that id. */
export const markDefaultAddress = (db: Executor, memberId: number, addressId: number) =>
  db.updateTable('addresses').set({ is_default: true, updated_at: new Date() }).where('id', '=', addressId).where('user_id', '=', memberId).returning('id').executeTakeFirst();

/** The member's newest address, the first of their list after the default (it becomes the default when the default is deleted): by id, the order of the inserts, where two added at the same moment may have their creation times the other way round. */
export const findNewestAddressId = async (db: Executor, memberId: number): Promise<number | undefined> =>
  (await db.selectFrom('addresses').select('id').where('user_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst())?.id;
