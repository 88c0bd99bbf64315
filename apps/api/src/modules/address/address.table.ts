import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A member's shipping address. Orders copy it when placed, so changing it never changes an order. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  surname: Generated<string>;
  /** Calling code, digits only. */
  mobile_pre: string;
  /** National number, digits only. */
  mobile: string;
  email: Generated<string>;
  country_code: string;
  province_id: number | null;
  city_id: number | null;
  district_id: number | null;
  province: Generated<string>;
  city: Generated<string>;
  district: Generated<string>;
  detail: string;
  house_number: Generated<string>;
  zip_code: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  is_default: Generated<boolean>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** An address as an order copies it (`findShippingAddress`). */
export interface ShippingAddressRow {
  id: number;
  name: string;
  surname: string;
  mobile_pre: string;
  mobile: string;
  email: string;
  country_code: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  house_number: string;
  zip_code: string;
}
