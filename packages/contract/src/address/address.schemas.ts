import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { emptyWhenInvisible, withoutBidiControls } from '../common/text.js';
import { isEmail } from '../common/validators.js';
import { countryCodeField, regionSchema } from '../geo/geo.schemas.js';

/** How many addresses one member may keep. */
export const MAX_ADDRESSES = 20;

/**
 * Text of an address as a person writes it (common/text.ts): trimmed, empty when nothing in it can be
 * seen (a required one is then refused as left empty), no controls that turn it around (a name shown
 * reversed on a parcel), at most `max` with its own too-long message; `required` names the empty one.
 */
const addressPart = (max: number, tooLong: string, required?: string) => {
  const visible = z.string(required ? { error: required } : undefined).trim().overwrite(emptyWhenInvisible);
  return withoutBidiControls((required ? visible.min(1, { error: required }) : visible).max(max, { error: tooLong }));
};
/** Optional text with its own too-long message. */
const text = (max: number, tooLong: string) => addressPart(max, tooLong);
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).nullish();
const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullish();

/**
 * An address as the member writes it. Keys are in the order the form checks them (spec §5): the
 * country first, then name and phone; the first problem is the one shown.
 */
export const addressBody = z.object({
  country: countryCodeField,
  name: addressPart(50, 'address.validation.nameTooLong', 'address.validation.nameRequired'),
  mobile: z
    .string({ error: 'address.validation.mobileRequired' })
    .trim()
    .min(1, { error: 'address.validation.mobileRequired' })
    .max(20, { error: 'address.validation.mobileInvalid' })
    // As people write it, their calling code included ("+36 20 123 4567"); the API keeps the national number.
    .refine((v) => /^\+?[\d\s()-]+$/.test(v), { error: 'address.validation.mobileInvalid' }),
  surname: text(50, 'address.validation.surnameTooLong').optional(),
  /** The calling code; the country's own when left out. */
  mobile_pre: text(5, 'address.validation.mobileInvalid')
    .transform((v) => v.replace(/^\+/, ''))
    .refine((v) => v === '' || /^\d{1,4}$/.test(v), { error: 'address.validation.mobileInvalid' })
    .optional(),
  email: text(254, 'address.validation.emailInvalid')
    .refine((v) => v === '' || isEmail(v), { error: 'address.validation.emailInvalid' })
    .optional(),
  province_id: optionalId,
  city_id: optionalId,
  district_id: optionalId,
  /** Names typed by hand where the lists have no entry (ignored when the matching id is given). */
  province: text(80, 'address.validation.regionTooLong').optional(),
  city: text(80, 'address.validation.regionTooLong').optional(),
  district: text(80, 'address.validation.regionTooLong').optional(),
  address: addressPart(200, 'address.validation.detailTooLong', 'address.validation.detailRequired'),
  house_number: text(40, 'address.validation.houseNumberTooLong').optional(),
  zip_code: text(12, 'address.validation.zipInvalid').optional(),
  latitude: coordinate(90),
  longitude: coordinate(180),
  is_default: z.boolean().optional(),
});
export type AddressBody = z.infer<typeof addressBody>;
export type AddressInput = z.input<typeof addressBody>;

const idField = z.coerce.number().int().positive().max(2_147_483_647);
export const addressIdQuery = z.object({ id: idField });
export const addressIdBody = z.object({ id: idField });
export const addressUpdateBody = addressBody.extend({ id: idField });

/** A saved address with its places resolved to names. */
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  mobile_pre: z.string(),
  mobile: z.string(),
  email: z.string(),
  country: z.string(),
  country_name: z.string(),
  flag: z.string(),
  province_id: z.number().int().nullable(),
  province: z.string(),
  city_id: z.number().int().nullable(),
  city: z.string(),
  district_id: z.number().int().nullable(),
  district: z.string(),
  address: z.string(),
  house_number: z.string(),
  zip_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListData = z.object({ list: z.array(addressSchema), max: z.number().int() });

/** International cities of one country: of one state with `region_id`, matching `keyword` when given. */
export const internationalCitiesQuery = z.object({
  country: countryCodeField,
  region_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  keyword: z.string().trim().max(50).optional(),
  limit: wholeNumber(1, 200).default(50),
});
export const cityListData = z.object({ list: z.array(regionSchema) });
