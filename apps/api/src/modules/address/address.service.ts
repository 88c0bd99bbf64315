import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { MAX_ADDRESSES, ResponseCode, type Address, type AddressBody, type Language } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { countryName, regionName } from '../geo/geo.service.js';
import * as geo from '../geo/geo.queries.js';
import * as q from './address.queries.js';

/** The member behind an actor (address calls are member calls). */
const memberOf = (actor: Actor): number => {
  if (actor.memberId === undefined) throw new AppError(ResponseCode.loginRequired);
  return actor.memberId;
};

const invalid = (field: string, key: string, params: Record<string, string | number> = {}) => new ValidationError([{ field, key, params: { field, ...params } }]);

/**
 * An address as the member sees it: the country named in `lang`, the places as saved, the same text
 * checkout and the order copy (`placeAsCopied`), so the list, checkout and the order never write one
 * address two ways.
 */
export function toAddress(r: q.AddressRow, lang: Language): Address {
  const place = (id: number | null, name: string | null, names: Record<string, string | undefined> | null, saved: string) =>
    id === null || name === null ? saved : q.placeAsCopied(saved, name, names);
  return {
    id: r.id,
    name: r.name,
    surname: r.surname,
    mobile_pre: r.mobile_pre,
    mobile: r.mobile,
    email: r.email,
    country: r.country_code,
    country_name: countryName(r.country_names, lang),
    flag: r.flag,
    province_id: r.province_id,
    province: place(r.province_id, r.province_name, r.province_names, r.province),
    city_id: r.city_id,
    city: place(r.city_id, r.city_name, r.city_names, r.city),
    district_id: r.district_id,
    district: place(r.district_id, r.district_name, r.district_names, r.district),
    address: r.detail,
    house_number: r.house_number,
    zip_code: r.zip_code,
    latitude: r.latitude,
    longitude: r.longitude,
    is_default: r.is_default,
  };
}

/**
 * Postcode patterns the shop knows better than the validator's dataset: Cambodia Post's six-digit
 * codes (since 2021), beside the five-digit ones older addresses still carry; and leading digits
 * the national systems never use, which the dataset's "any N digits" lets through (Hungary runs
 * 1000–9999; Thailand, Indonesia and Taiwan start at 1; Malaysia, Singapore and China at 01).
 */
const POSTCODE_PATTERNS: Partial<Record<string, RegExp>> = {
  KH: /^\d{5,6}$/,
  HU: /^[1-9]\d{3}$/,
  TH: /^[1-9]\d{4}$/,
  ID: /^[1-9]\d{4}$/,
  TW: /^[1-9]\d{2}(\d{2,3})?$/,
  MY: /^(?!00)\d{5}$/,
  SG: /^(?!00)\d{6}$/,
  CN: /^(?!00)\d{6}$/,
};

/**
 * Well-known ways of writing a postcode that differ from the country's form only in the separator
 * (or Japan's 〒 mark), rewritten to that form: "1500002" and "〒150 0002" are Japan's "150-0002",
 * "123456789" a US "12345-6789" (ZIP+4).
 */
const POSTCODE_WRITINGS: Partial<Record<string, [RegExp, string]>> = {
  JP: [/^〒?\s*(\d{3})[\s-]?(\d{4})$/, '$1-$2'],
  US: [/^(\d{5})[\s-]?(\d{4})$/, '$1-$2'],
};

/** A postcode as stored: full-width characters (as Japanese and Chinese keyboards type them) made plain, upper case, in the country's own form. */
function normalizedZip(zip: string, countryCode: string): string {
  const plain = zip.normalize('NFKC').trim().toUpperCase();
  const writing = POSTCODE_WRITINGS[countryCode];
  return writing ? plain.replace(writing[0], writing[1]) : plain;
}

/** Whether a postcode fits its country (where a pattern is known; elsewhere any is kept). */
function zipFits(zip: string, countryCode: string): boolean {
  const own = POSTCODE_PATTERNS[countryCode];
  if (own) return own.test(zip);
  return !postcodeValidatorExistsForCountry(countryCode) || postcodeValidator(zip, countryCode);
}

/**
 * The digits of a phone number as typed, without a leading copy of its calling code ("+36 20…",
 * "0036-20…"); undefined when it starts with another calling code. A trunk prefix ("06" in Hungary,
 * "0" in Malaysia) is left for libphonenumber, which drops it for the calling code's country.
 */
function nationalDigits(typed: string, callingCode: string): string | undefined {
  const international = /^\s*(\+|00)/.exec(typed);
  const digits = typed.replace(/\D/g, '');
  if (!international) return digits;
  const rest = international[1] === '00' ? digits.slice(2) : digits;
  return rest.startsWith(callingCode) ? rest.slice(callingCode.length) : undefined;
}

/**
 * Checks an address against the datasets and returns the row to store: the country is one the shop
 * ships to, the phone fits its calling code, the zip code fits the country (where a pattern is
 * known), and each chosen region belongs to the country and to the region above it. The chosen
 * regions' names are stored too, in the member's language, so an order can copy the address as is.
 */
async function checkedAddress(db: Executor, lang: Language, body: AddressBody) {
  const country = await geo.findCountry(db, body.country);
  if (!country) throw invalid('country', 'address.validation.countryUnknown');
  if (country.ship_sort === null) throw new AppError(ResponseCode.countryNotShipped);

  const pre = body.mobile_pre || country.dialling_code;
  const digits = nationalDigits(body.mobile, pre);
  const phone = digits === undefined ? undefined : parsePhoneNumberFromString(digits, { defaultCallingCode: pre });
  if (!phone || !phone.isValid() || phone.countryCallingCode !== pre) throw invalid('mobile', 'address.validation.mobileInvalid');

  const zip = normalizedZip(body.zip_code ?? '', country.code);
  if (zip && !zipFits(zip, country.code)) throw invalid('zip_code', 'address.validation.zipInvalid');

  const ids = [body.province_id, body.city_id, body.district_id];
  const chosen = await geo.findRegionsByIds(db, ids.filter((id): id is number => typeof id === 'number'));
  const byId = new Map(chosen.map((r) => [r.id, r]));
  let parentId: number | null = null;
  const names: string[] = [];
  for (const [level, id] of ids.entries()) {
    if (id === null || id === undefined) {
      names.push('');
      parentId = -1; // nothing chosen here: nothing may be chosen below
      continue;
    }
    const region = byId.get(id);
    if (!region || region.country_code !== country.code || region.level !== level + 1 || region.parent_id !== parentId) throw new AppError(ResponseCode.regionInvalid);
    names.push(regionName(region, lang));
    parentId = region.id;
  }
  return {
    name: body.name,
    surname: body.surname ?? '',
    mobile_pre: pre,
    mobile: String(phone.nationalNumber),
    email: body.email ?? '',
    country_code: country.code,
    province_id: body.province_id ?? null,
    city_id: body.city_id ?? null,
    district_id: body.district_id ?? null,
    // A name typed by hand counts only where nothing was chosen from the list.
    province: names[0] || (body.province ?? ''),
    city: names[1] || (body.city ?? ''),
    district: names[2] || (body.district ?? ''),
    detail: body.address,
    house_number: body.house_number ?? '',
    zip_code: zip,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
  };
}

async function addressOf(db: Executor, lang: Language, memberId: number, id: number): Promise<Address> {
  const row = await q.findAddressForMember(db, memberId, id);
  if (!row) throw new AppError(ResponseCode.addressNotFound);
  return toAddress(row, lang);
}

/** The member's addresses, the default first, then newest first. */
export async function listAddresses(db: Executor, actor: Actor): Promise<{ list: Address[]; max: number }> {
  const rows = await q.findAddressesOfMember(db, memberOf(actor));
  return { list: rows.map((r) => toAddress(r, actor.lang)), max: MAX_ADDRESSES };
}

/** One of the member's addresses; another member's id answers not found. */
export function getAddress(db: Executor, actor: Actor, input: { id: number }): Promise<Address> {
  return addressOf(db, actor.lang, memberOf(actor), input.id);
}

/**
 * The member's address for checkout (by id, or the default one), in the member's language; undefined
 * when it is not theirs or they have none. Orders copy what this returns.
 */
export async function addressForCheckout(db: Executor, actor: Actor, addressId?: number): Promise<Address | undefined> {
  const memberId = memberOf(actor);
  const row = addressId === undefined ? await q.findDefaultAddressOfMember(db, memberId) : await q.findAddressForMember(db, memberId, addressId);
  return row && toAddress(row, actor.lang);
}

/** Adds an address (at most 20); the first one, or one marked so, becomes the default. */
export async function createAddress(db: Database, actor: Actor, body: AddressBody): Promise<Address> {
  const memberId = memberOf(actor);
  const values = await checkedAddress(db, actor.lang, body);
  const id = await withTransaction(db, async (tx) => {
    await q.lockAddressBookForUpdate(tx, memberId);
    if ((await q.countAddressesOfMember(tx, memberId)) >= MAX_ADDRESSES) throw new AppError(ResponseCode.addressLimit, { max: MAX_ADDRESSES });
    const makeDefault = body.is_default === true || !(await q.hasDefaultAddress(tx, memberId));
    if (makeDefault) await q.clearDefaultAddress(tx, memberId);
    return (await q.insertAddress(tx, { ...values, user_id: memberId, is_default: makeDefault })).id;
  });
  return addressOf(db, actor.lang, memberId, id);
}

/** Changes one of the member's addresses; `is_default: true` makes it the default (the default cannot be unset, only moved). */
export async function updateAddress(db: Database, actor: Actor, body: AddressBody & { id: number }): Promise<Address> {
  const memberId = memberOf(actor);
  if (!(await q.findAddressForMember(db, memberId, body.id))) throw new AppError(ResponseCode.addressNotFound);
  const values = await checkedAddress(db, actor.lang, body);
  await withTransaction(db, async (tx) => {
    await q.lockAddressBookForUpdate(tx, memberId);
    if (!(await q.updateAddressOfMember(tx, memberId, body.id, values))) throw new AppError(ResponseCode.addressNotFound);
    if (body.is_default === true) {
      await q.clearDefaultAddress(tx, memberId);
      await q.markDefaultAddress(tx, memberId, body.id);
    }
  });
  return addressOf(db, actor.lang, memberId, body.id);
}

/** Removes one of the member's addresses; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Database, actor: Actor, input: { id: number }): Promise<{ id: number; default_id: number | null }> {
  const memberId = memberOf(actor);
  return withTransaction(db, async (tx) => {
    await q.lockAddressBookForUpdate(tx, memberId);
    const removed = await q.deleteAddressOfMember(tx, memberId, input.id);
    if (!removed) throw new AppError(ResponseCode.addressNotFound);
    if (!removed.is_default) return { id: input.id, default_id: (await q.findDefaultAddressOfMember(tx, memberId))?.id ?? null };
    const newest = await q.findNewestAddressId(tx, memberId);
    if (newest !== undefined) await q.markDefaultAddress(tx, memberId, newest);
    return { id: input.id, default_id: newest ?? null };
  });
}

/** Makes one of the member's addresses the default (and no other). */
export async function setDefaultAddress(db: Database, actor: Actor, input: { id: number }): Promise<Address> {
  const memberId = memberOf(actor);
  await withTransaction(db, async (tx) => {
    await q.lockAddressBookForUpdate(tx, memberId);
    if (!(await q.findAddressForMember(tx, memberId, input.id))) throw new AppError(ResponseCode.addressNotFound);
    await q.clearDefaultAddress(tx, memberId);
    await q.markDefaultAddress(tx, memberId, input.id);
  });
  return addressOf(db, actor.lang, memberId, input.id);
}
