import { z } from 'zod';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';

/** A two-letter ISO 3166-1 country code; lower case is accepted. */
export const countryCodeField = z
  .string({ error: 'address.validation.countryRequired' })
  .trim()
  .min(1, { error: 'address.validation.countryRequired' })
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v), { error: 'address.validation.countryUnknown' });

const idField = z.coerce.number().int().positive().max(2_147_483_647);

/** A country as the lists show it, its name in the request's language. */
export const countrySchema = z.object({
  code: z.string(),
  iso3: z.string(),
  name: z.string(),
  /** The international calling code, digits only (`60`). */
  dialling_code: z.string(),
  currency: z.string(),
  /** The flag as an emoji. */
  flag: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const geoCountryListData = z.object({ list: z.array(countrySchema) });
/** The operator's shipping countries, with who changed the list last and when (the version a save names). */
export const shippingCountriesData = geoCountryListData.extend({ updated_by: z.string(), updated_at: z.string() });

/** A node of the region tree: province / state / prefecture (1), city (2), district (3). */
export const regionSchema = z.object({
  id: z.number().int(),
  /** ISO 3166-2 (`US-CA`) for subdivisions, GB/T 2260 (`110101`) in China; null for other cities. */
  code: z.string().nullable(),
  name: z.string(),
  level: z.number().int(),
  has_children: z.boolean(),
});
export type Region = z.infer<typeof regionSchema>;

export const topRegionsQuery = z.object({ country: countryCodeField });
export const topRegionsData = z.object({ country: z.string(), list: z.array(regionSchema) });

export const childRegionsQuery = z.object({ parent_id: idField });
export const childRegionsData = z.object({ parent: regionSchema, list: z.array(regionSchema) });

/** Japan's prefectures, or with `prefecture_id` its municipalities. */
export const japanCitiesQuery = z.object({ prefecture_id: idField.optional(), keyword: z.string().trim().max(50).optional() });
export const regionListData = z.object({ list: z.array(regionSchema) });

/** Exchange rate of one country's currency against the settlement currency. */
export const countryRateSchema = z.object({
  country: z.string(),
  name: z.string(),
  flag: z.string(),
  currency: z.string(),
  /** Units of `currency` one unit of the settlement currency buys, exact decimal text; null when no rate is recorded. */
  rate: z.string().nullable(),
  /** `ecb` (the central bank's reference feed), `operator` (set by an operator) or `identity` (the settlement currency itself). */
  source: z.enum(['ecb', 'operator', 'identity']).nullable(),
  /** The day the rate was recorded (`YYYY-MM-DD`). */
  date: z.string().nullable(),
});
export const countryRatesData = z.object({ settlement_currency: z.string(), list: z.array(countryRateSchema) });

/**
 * The operator's list of shipping countries, in the order members see them, with why it changed. It
 * replaces the whole list: `base_updated_at` is the list's `updated_at` as read (from a copy changed since: refused, 4020).
 */
export const shippingCountriesBody = z.object({
  base_updated_at: baseUpdatedAt,
  countries: z.array(countryCodeField).min(1).max(100),
  reason: z.string().trim().min(1).max(500),
});
