import { describe, expect, it } from 'vitest';
import { familyNameFirst, fullName } from '../person-name.js';

describe('a person’s name as a reader’s language writes it', () => {
  it('puts the family name first where the address form asks for it first, and the given name first elsewhere', () => {
    expect(fullName('Probe', 'Four', 'hu')).toBe('Four Probe');
    expect(fullName('Probe', 'Four', 'jp')).toBe('Four Probe');
    expect(fullName('Probe', 'Four', 'en-us')).toBe('Probe Four');
    expect(fullName('Probe', 'Four', 'th')).toBe('Probe Four');
    expect(['hu', 'jp', 'zh-cn', 'zh-tw', 'km'].every((l) => familyNameFirst(l as never))).toBe(true);
  });

  it('drops an empty part, and writes a name in Chinese or Japanese script without a space', () => {
    expect(fullName('Probe', '', 'hu')).toBe('Probe');
    expect(fullName(' Probe ', null, 'en-us')).toBe('Probe');
    expect(fullName('小明', '王', 'zh-cn')).toBe('王小明');
    expect(fullName('はなこ', '山田', 'jp')).toBe('山田はなこ');
    expect(fullName('Mei', '王', 'zh-cn')).toBe('王 Mei');
  });

  it('writes a name in Chinese, Japanese or Korean script family name first for every reader, and any other with a space', () => {
    expect(fullName('小明', '王', 'en-us')).toBe('王小明');
    expect(fullName('민준', '김', 'th')).toBe('김민준');
    expect(fullName('Ali', 'Tan', 'en-us')).toBe('Ali Tan');
    expect(fullName('Ali', 'Tan', 'zh-cn')).toBe('Tan Ali');
    expect(fullName('Ali', '陈', 'en-us')).toBe('Ali 陈');
  });
});

describe('a person’s name in their own culture’s order, whatever language the reader uses', () => {
  it('writes a Thai name given name first for every reader, Khmer and Hungarian ones too', () => {
    for (const reader of ['th', 'km', 'hu', 'jp', 'zh-cn', 'en-us'] as const) expect(fullName('สมชาย', 'ใจดี', reader)).toBe('สมชาย ใจดี');
  });

  it('writes a Khmer name family name first, with a space, for every reader', () => {
    for (const reader of ['km', 'th', 'en-us'] as const) expect(fullName('សុខា', 'ចាន់', reader)).toBe('ចាន់ សុខា');
  });

  it('writes a Chinese name family name first without a space for an English reader', () => {
    expect(fullName('小明', '王', 'en-us', 'CN')).toBe('王小明');
  });

  it('writes a Latin name in the order of the address’s country: family name first in Hungary, given name first in the United States', () => {
    expect(fullName('Anna', 'Kovács', 'en-us', 'HU')).toBe('Kovács Anna');
    expect(fullName('Anna', 'Kovács', 'th', 'hu')).toBe('Kovács Anna');
    expect(fullName('John', 'Smith', 'hu', 'US')).toBe('John Smith');
    expect(fullName('John', 'Smith', 'jp', 'TH')).toBe('John Smith');
  });

  it('falls back to the reader’s language only when neither the script nor a country tells', () => {
    expect(fullName('John', 'Smith', 'hu')).toBe('Smith John');
    expect(fullName('John', 'Smith', 'hu', null)).toBe('Smith John');
    expect(fullName('John', 'Smith', 'en-us', '')).toBe('John Smith');
  });
});
