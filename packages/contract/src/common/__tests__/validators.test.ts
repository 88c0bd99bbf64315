import { describe, expect, it } from 'vitest';
import * as v from '../validators.js';

describe('generic validators', () => {
  it('email', () => {
    for (const ok of ['a@b.co', 'first.last+tag@example.com.my', 'x_y@sub.domain.org']) expect(v.isEmail(ok), ok).toBe(true);
    for (const bad of ['', 'a@b', '@b.com', 'a@.com', 'a..b@c.com', '.a@b.com', 'a@b.com.', 'a b@c.com', 'a@-b.com', `${'a'.repeat(250)}@b.com`]) expect(v.isEmail(bad), bad).toBe(false);
  });

  it('mainland mobile: 1[3-9] then 9 digits', () => {
    expect(v.isMainlandMobile('13812345678')).toBe(true);
    expect(v.isMainlandMobile('19912345678')).toBe(true);
    for (const bad of ['12812345678', '1381234567', '138123456789', '23812345678', '1381234567a', '+8613812345678']) expect(v.isMainlandMobile(bad), bad).toBe(false);
  });

  it('url', () => {
    expect(v.isUrl('https://shop.example.com/a?b=1')).toBe(true);
    expect(v.isUrl('http://localhost:8080')).toBe(true);
    for (const bad of ['ftp://x.com', 'javascript:alert(1)', 'example.com', 'http://', '']) expect(v.isUrl(bad), bad).toBe(false);
  });

  it('date and ISO date refuse days that do not exist', () => {
    expect(v.isDate('2024-02-29')).toBe(true);
    expect(v.isDate('2024/2/9')).toBe(true);
    expect(v.isDate('2023-02-29')).toBe(false);
    expect(v.isDate('2024-13-01')).toBe(false);
    expect(v.isDate('24-01-01')).toBe(false);
    expect(v.isIsoDate('2026-11-21')).toBe(true);
    expect(v.isIsoDate('2026-11-21T09:00:00Z')).toBe(true);
    expect(v.isIsoDate('2026-11-21T09:00:00.123+08:00')).toBe(true);
    expect(v.isIsoDate('2026-11-21T24:00:00Z')).toBe(false);
    expect(v.isIsoDate('2026-04-31')).toBe(false);
    expect(v.isIsoDate('2026/11/21')).toBe(false);
  });

  it('a birthday is a real date from 1900 to today, wherever on earth today is', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(v.isBirthday('1949-12-31', now)).toBe(true);
    expect(v.isBirthday('1900/1/1', now)).toBe(true);
    expect(v.isBirthday('2026-11-30', now)).toBe(true); // already today east of UTC+12
    expect(v.isBirthday('2026-12-01', now)).toBe(false);
    expect(v.isBirthday('2099-01-01', now)).toBe(false);
    expect(v.isBirthday('1899-12-31', now)).toBe(false);
    expect(v.isBirthday('2023-02-29', now)).toBe(false);
  });

  it('number and digits', () => {
    for (const ok of ['0', '-1', '+2', '3.14', '007']) expect(v.isNumber(ok), ok).toBe(true);
    for (const bad of ['', '.5', '1.', '1e5', '1,000', 'NaN', ' 1']) expect(v.isNumber(bad), bad).toBe(false);
    expect(v.isDigits('0123')).toBe(true);
    expect(v.isDigits('12.3')).toBe(false);
    expect(v.isDigits('')).toBe(false);
  });

  it('national ID: 18 characters, a real birth date and the check character', () => {
    expect(v.isNationalId('11010519491231002X')).toBe(true);
    expect(v.isNationalId('11010519491231002x')).toBe(true);
    expect(v.isNationalId('110105194912310021')).toBe(false); // wrong check digit
    expect(v.isNationalId('11010519490231002X')).toBe(false); // 31 February
    expect(v.isNationalId('1101051949123100')).toBe(false);
    expect(v.isNationalId('11010519491231002Y')).toBe(false);
  });

  it('car plate, ordinary and new-energy', () => {
    expect(v.isCarPlate('京A12345')).toBe(true);
    expect(v.isCarPlate('粤BD12345')).toBe(true);
    expect(v.isCarPlate('沪A1234学')).toBe(true);
    expect(v.isCarPlate('京I12345')).toBe(false); // I and O are not used
    expect(v.isCarPlate('A12345')).toBe(false);
    expect(v.isCarPlate('京A1234')).toBe(false);
  });

  it('amount: up to 2 decimals, thousands separators only where they belong', () => {
    for (const ok of ['0', '0.5', '12', '12.30', '1,234', '1,234,567.89', '1234567.8']) expect(v.isAmount(ok), ok).toBe(true);
    for (const bad of ['', '01', '1.234', '1,23', '12,345,67', '-1', '.5', '1.', ',123', '1,2345']) expect(v.isAmount(bad), bad).toBe(false);
  });

  it('Chinese only, letters only, letters or digits only', () => {
    expect(v.isChineseOnly('张三')).toBe(true);
    expect(v.isChineseOnly('张三a')).toBe(false);
    expect(v.isLettersOnly('Abc')).toBe(true);
    expect(v.isLettersOnly('Ab1')).toBe(false);
    expect(v.isLettersOrDigits('Ab1')).toBe(true);
    expect(v.isLettersOrDigits('Ab_1')).toBe(false);
    expect(v.isLettersOnly('')).toBe(false);
  });

  it('landline', () => {
    for (const ok of ['010-12345678', '0755-1234567', '12345678', '0571-87654321-123']) expect(v.isLandline(ok), ok).toBe(true);
    for (const bad of ['123', '010-0234567', '13812345678x', '1-12345678']) expect(v.isLandline(bad), bad).toBe(false);
  });

  it('JSON string means an object or an array', () => {
    expect(v.isJsonString('{"a":1}')).toBe(true);
    expect(v.isJsonString('[1,2]')).toBe(true);
    expect(v.isJsonString('1')).toBe(false);
    expect(v.isJsonString('null')).toBe(false);
    expect(v.isJsonString('{a:1}')).toBe(false);
  });

  it('numeric code of N digits, 6 by default', () => {
    expect(v.isNumericCode('012345')).toBe(true);
    expect(v.isNumericCode('12345')).toBe(false);
    expect(v.isNumericCode('1234', 4)).toBe(true);
    expect(v.isNumericCode('12a456')).toBe(false);
  });

  it('image and video extensions, whatever the case', () => {
    expect(v.hasImageExtension('Photo.JPG')).toBe(true);
    expect(v.hasImageExtension('a.jpg.exe')).toBe(false);
    expect(v.hasImageExtension('jpg')).toBe(false);
    expect(v.hasVideoExtension('clip.MP4')).toBe(true);
    expect(v.hasVideoExtension('clip.png')).toBe(false);
  });

  it('range and length', () => {
    expect(v.isInRange(5, 1, 5)).toBe(true);
    expect(v.isInRange(5.01, 1, 5)).toBe(false);
    expect(v.isInRange(Number.NaN, 0, 1)).toBe(false);
    expect(v.isLengthBetween('👍👍', 2, 2)).toBe(true);
    expect(v.isLengthBetween('abc', 4, 10)).toBe(false);
  });

  it('masks contacts keeping the first 3 and last 3 characters', () => {
    expect(v.maskContact('13812345678')).toBe('138*****678');
    expect(v.maskContact('someone@example.com')).toBe('som*************com');
    expect(v.maskContact('abcdefg')).toBe('abc*efg');
    expect(v.maskContact('abcdef')).toBe('a*****');
    expect(v.maskContact('a')).toBe('a');
  });
});
