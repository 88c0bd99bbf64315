import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_ENTRY_KINDS, LEDGER_REFERENCE_TYPES } from '@shop/contract/admin';
import { LANGUAGES } from '@shop/contract/common';
import { loadConsolePacks } from '@shop/contract/packs';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { entryActorText, entryKindText, entryReferenceText } from '../ledger-text';

// Money → Ledger in the operator's language: an entry's type, reference and author are words of that
// language, never the API's codes; every kind and reference the ledger can write (the contract's
// lists, which the API's `post` is typed by) has a name in each of the nine languages.

beforeAll(async () => {
  await initI18n();
});
afterAll(() => changeLanguage('en-us'));
const t = () => i18n.t.bind(i18n) as never;
const packs = loadConsolePacks();

describe('the journal in Thai', () => {
  it('names types, references and authors in Thai', async () => {
    await changeLanguage('th');
    expect(entryKindText(t(), 'order.points.earn')).toBe('คะแนนที่ได้จากคำสั่งซื้อ');
    expect(entryKindText(t(), 'payment.wallet')).toBe('ชำระจากยอดเงินคงเหลือ');
    expect(entryKindText(t(), 'gift_card.issue.reversal')).toBe('ออกบัตรของขวัญ (กลับรายการ)');
    expect(entryReferenceText(t(), 'order', '1')).toBe('คำสั่งซื้อ 1');
    expect(entryReferenceText(t(), 'payment', 'P2611')).toBe('การชำระเงิน P2611');
    expect(entryReferenceText(t(), 'withdrawal', 'W1')).toBe('การถอนเงิน W1');
    expect(entryActorText(t(), 'system', 'demo-seed')).toBe('ระบบ · ข้อมูลตัวอย่าง');
    expect(entryActorText(t(), 'operator', '3')).toBe('ผู้ปฏิบัติงาน 3');
  });
});

describe('every kind and reference the ledger writes', () => {
  it.each([...LANGUAGES])('has a name of its own in %s', (lang) => {
    const pack = packs[lang];
    const english = packs['en-us'];
    const missing = [...LEDGER_ENTRY_KINDS.map((k) => `console.money.ledger.kinds.${k}`), ...LEDGER_REFERENCE_TYPES.map((r) => `console.money.ledger.refs.${r}`)].filter((key) => !pack[key]);
    expect(missing).toEqual([]);
    // Translated, not English copied (a word shared with English, like "Transfer", is allowed where the language uses it).
    if (lang !== 'en-us' && lang !== 'id') {
      const copied = LEDGER_ENTRY_KINDS.map((k) => `console.money.ledger.kinds.${k}`).filter((key) => pack[key] === english[key]);
      expect(copied).toEqual([]);
    }
  });
});
