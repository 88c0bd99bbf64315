import { describe, expect, it } from 'vitest';
import { addressBody, addressUpdateBody } from '../address.schemas.js';
import { adminAfterSaleAddressBody } from '../../after-sales/after-sales.schemas.js';
import { applicationBody } from '../../referral/referral.schemas.js';
import { editShopBody } from '../../user-shop/user-shop.schemas.js';
import { certificationBody, certificationInternationalBody } from '../../account/account.schemas.js';
import { createBankCardBody, updateBankCardBody } from '../../wallet/wallet.schemas.js';
import { phoneText } from '../../common/address-text.js';

const bangkok = { country: 'TH', name: 'Somchai', mobile: '0812345678', address: '99/1 ถนนสุขุมวิท', zip_code: '10110' };
type Parsed = { success: boolean; data?: unknown; error?: { issues: { message: string; path: PropertyKey[] }[] } };
/** The first refusal of a parse: which field, in which words. */
const refusal = (r: Parsed) => ({ field: r.error?.issues[0]?.path.join('.'), message: r.error?.issues[0]?.message });

// Zero-width space, word joiner, byte order mark, Hangul filler, blank Braille cells: nothing shows.
const invisible = ['\u200B', '\u2060\u200D', '\uFEFF', '\u3164', '\u2800', ' \u2800\u2800 '];
// The controls that turn the text after them around ("\u202Eevil" shows as "live").
const turners = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('an address refuses text that turns around or shows nothing', () => {
  it('refuses the names and the street when nothing in them can be seen, as left empty', () => {
    for (const blank of invisible) {
      for (const schema of [addressBody, addressUpdateBody.omit({ id: true })]) {
        expect(refusal(schema.safeParse({ ...bangkok, name: blank })), JSON.stringify(blank)).toEqual({ field: 'name', message: 'address.validation.nameRequired' });
        expect(refusal(schema.safeParse({ ...bangkok, address: blank })), JSON.stringify(blank)).toEqual({ field: 'address', message: 'address.validation.detailRequired' });
      }
    }
    // The call the app was sent: nothing in it is kept.
    const sent = addressBody.safeParse({ country: 'TH', name: '\u200b', surname: '\u202eevil', mobile: '0812345678', address: '\u2800', zip_code: '10110' });
    expect(sent.success).toBe(false);
    expect(sent.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'address.validation.nameRequired'],
      ['surname', 'validation.unstorable'],
      ['address', 'address.validation.detailRequired'],
    ]);
  });

  it('refuses a control that turns text around in every text of the address, on create and on update', () => {
    const fields = ['name', 'surname', 'province', 'city', 'district', 'address', 'house_number', 'zip_code'] as const;
    for (const c of turners) {
      for (const field of fields) {
        expect(refusal(addressBody.safeParse({ ...bangkok, [field]: `ab${c}cd` })), `${field} ${JSON.stringify(c)}`).toEqual({ field, message: 'validation.unstorable' });
        expect(refusal(addressUpdateBody.safeParse({ ...bangkok, id: 4, [field]: `ab${c}cd` }))).toEqual({ field, message: 'validation.unstorable' });
      }
    }
  });

  it('keeps an optional text with nothing visible as empty, and real text with its joiners and right-to-left marks as typed', () => {
    const kept = addressBody.parse({ ...bangkok, surname: '\u200B', house_number: '\u2800', city: '\u3164', district: '\uFEFF' });
    expect(kept).toMatchObject({ surname: '', house_number: '', city: '', district: '' });
    const real = addressBody.parse({ ...bangkok, name: 'สมชาย\u200Bใจดี', surname: 'כהן\u200F', address: 'ถนน\u200Bสุขุมวิท 99/1', house_number: '👨\u200D👩\u200D👧 House' });
    expect(real).toMatchObject({ name: 'สมชาย\u200Bใจดี', surname: 'כהן\u200F', address: 'ถนน\u200Bสุขุมวิท 99/1', house_number: '👨\u200D👩\u200D👧 House' });
  });

  it('applies the same rule to the other addresses the shop keeps: return addresses, applications and member shops', () => {
    const returns = { country_code: 'TH', kind: 'return', name: 'Returns desk', address: '1 Rama IV Road, Bangkok', phone: '+66 2 123 4567', hours: 'Mon–Fri 9–17' };
    expect(adminAfterSaleAddressBody.safeParse(returns).success).toBe(true);
    expect(refusal(adminAfterSaleAddressBody.safeParse({ ...returns, name: '\u200B' }))).toEqual({ field: 'name', message: 'validation.required' });
    expect(refusal(adminAfterSaleAddressBody.safeParse({ ...returns, address: '\u2800' }))).toEqual({ field: 'address', message: 'validation.required' });
    for (const field of ['name', 'address', 'phone', 'hours']) expect(refusal(adminAfterSaleAddressBody.safeParse({ ...returns, [field]: '12\u202E34' }))).toEqual({ field, message: 'validation.unstorable' });

    const application = { name: 'Somchai', mobile_pre: '66', mobile: '812345678', country: 'TH', address: '1 Rama IV Road' };
    expect(applicationBody.safeParse(application).success).toBe(true);
    expect(refusal(applicationBody.safeParse({ ...application, name: '\u200B' })).field).toBe('name');
    expect(refusal(applicationBody.safeParse({ ...application, address: '\u2800' })).field).toBe('address');
    for (const field of ['name', 'address', 'shop_name']) expect(refusal(applicationBody.safeParse({ ...application, [field]: 'ab\u202Ecd' }))).toEqual({ field, message: 'validation.unstorable' });

    for (const field of ['address', 'region']) expect(refusal(editShopBody.safeParse({ name: 'Somchai Shop', [field]: 'ab\u202Ecd' }))).toEqual({ field, message: 'validation.unstorable' });
    expect(editShopBody.parse({ name: 'Somchai Shop', address: '\u2800' }).address).toBe('');
  });
});

describe('a real name refuses text that turns around or shows nothing', () => {
  const request = { document_type: 'passport', document_number: 'AB1234567', surname: 'Nagy', given_name: 'Anna' };
  it('refuses a surname or given name of invisible characters as empty, and one holding a control that turns it around', () => {
    for (const schema of [certificationBody, certificationInternationalBody]) {
      const body = { ...request, country: 'HU' };
      expect(schema.safeParse(body).success).toBe(true);
      for (const field of ['surname', 'given_name']) {
        for (const blank of invisible) expect(refusal(schema.safeParse({ ...body, [field]: blank }))).toMatchObject({ field });
        expect(refusal(schema.safeParse({ ...body, [field]: '\u202EnamoW' }))).toEqual({ field, message: 'validation.unstorable' });
      }
    }
  });

  it('refuses the same in a bank account holder, the name compared with the real name', () => {
    const card = { bank_id: 3, holder_name: 'Nagy Anna', account_number: '12345678', currency: 'HUF', pay_password: '123456' };
    for (const schema of [createBankCardBody, updateBankCardBody]) {
      const body = { ...card, id: 1 };
      expect(schema.safeParse(body).success).toBe(true);
      expect(refusal(schema.safeParse({ ...body, holder_name: '\u200B' })).field).toBe('holder_name');
      expect(refusal(schema.safeParse({ ...body, holder_name: 'Nagy \u202EannA' }))).toEqual({ field: 'holder_name', message: 'validation.unstorable' });
    }
  });
});

describe('the phone of an address, its calling code shown once', () => {
  it('puts the calling code before a national number, and never a second one before a number written with its own', () => {
    expect(phoneText('36', '201234567')).toBe('+36 201234567');
    expect(phoneText('36', '+36201234567')).toBe('+36 201234567');
    expect(phoneText('36', '+36 20 123 4567')).toBe('+36 20 123 4567');
    expect(phoneText('+36', '0036201234567')).toBe('+36 201234567');
    expect(phoneText('36', '+44 7700 900123')).toBe('+44 7700 900123');
    expect(phoneText('', '0812345678')).toBe('0812345678');
  });
});
