import type { ColumnType } from 'kysely';

/** Language → name. */
export type Names = Partial<Record<string, string>>;

/** Countries from i18n-iso-countries and country-state-city (loaded by migration). */
export interface GeoCountriesTable {
  code: string;
  iso3: string;
  numeric_code: string;
  dialling_code: string;
  currency: string;
  flag: string;
  names: ColumnType<Names, string, string>;
  latitude: number | null;
  longitude: number | null;
  /** Null: not shipped to; otherwise its place in the shipping list (an operator setting). */
  ship_sort: number | null;
}

/** One row: who changed the list of shipping countries last, and when (the version its editor names). */
export interface ShippingCountryListTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  updated_by: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<Date, never, Date | string>;
}

/** The region tree: provinces / states / prefectures (1), cities (2), Chinese districts (3). */
export interface GeoRegionsTable {
  id: number;
  country_code: string;
  parent_id: number | null;
  level: number;
  code: string | null;
  name: string;
  names: ColumnType<Names | null, string | null, string | null>;
  sort: number;
  latitude: number | null;
  longitude: number | null;
}
