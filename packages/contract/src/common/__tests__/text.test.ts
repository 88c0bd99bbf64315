import { describe, expect, it } from 'vitest';
import { afterSaleSubmitBody, createOrderReviewBody } from '../../after-sales/after-sales.schemas.js';
import { chatSendBody, createFeedbackBody } from '../../support/support.schemas.js';
import { adminChatReplyBody, broadcastTextSchema, replyFeedbackBody, saveCannedReplyBody } from '../../admin/support-console.endpoints.js';
import { adminAfterSaleReasonBody } from '../../after-sales/after-sales.schemas.js';
import { adminShopStatusBody } from '../../admin/shops-console.endpoints.js';
import { adminCancelOrderBody, trackingEventBody } from '../../orders/orders.admin.js';
import { adminTextsSchema } from '../../catalogue/catalogue.admin.js';
import { cutText, excerptOf, freeText, personName } from '../text.js';

// Characters as the app's counters show them: an emoji is one, though it takes two UTF-16 units.
const emoji = (n: number) => '😀'.repeat(n);

describe('text a member writes counts characters, not UTF-16 units', () => {
  it('takes as many emoji as the limit says, and refuses one more as too long', () => {
    const review = (content: string) => createOrderReviewBody.safeParse({ order_line_id: 1, rating: 5, content });
    expect(review(emoji(140)).success).toBe(true);
    const over = review(emoji(141));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ code: 'too_big', origin: 'string', maximum: 140, path: ['content'] });

    const caseBody = (description: string) => afterSaleSubmitBody.safeParse({ order_id: 1, kind: 'return', reason_id: 'damaged', description, lines: [{ order_line_id: 1, qty: 1 }] });
    expect(caseBody(`Broken ${emoji(133)}`).success).toBe(true);
    expect(caseBody(`Broken ${emoji(134)}`).success).toBe(false);
    expect(createFeedbackBody.safeParse({ cate_id: 1, content: emoji(140) }).success).toBe(true);
  });

  it('counts after trimming, keeps the limit in the JSON Schema, and still refuses empty text where text is required', () => {
    expect(freeText(3).parse('  abc  ')).toBe('abc');
    expect(freeText(3).safeParse('abcd').success).toBe(false);
    expect(freeText(3).min(1).safeParse('   ').success).toBe(false);
    expect(freeText(140).meta()).toMatchObject({ maxLength: 140 });
  });
});

describe('text cut to a length', () => {
  it('counts characters, never leaves half an emoji, and keeps a flag or a family whole or drops it whole', () => {
    expect(cutText(`${'x'.repeat(199)}😀tail`, 200)).toBe(`${'x'.repeat(199)}😀`);
    expect(cutText(emoji(61), 60)).toBe(emoji(60));
    expect(cutText(`ab🇹🇭`, 3)).toBe('ab');
    expect(cutText('a👨‍👩‍👧', 3)).toBe('a');
    expect(cutText('café', 4)).toBe('café');
    expect(cutText('short', 200)).toBe('short');
    for (const cut of [cutText(`${'x'.repeat(59)}😀😀`, 60), cutText(emoji(150), 101)]) expect(cut).not.toMatch(/[\ud800-\udfff]/u);
  });

  it('cut to a limit counted in UTF-16 units (a gateway\'s): an emoji counts twice and is kept whole or dropped whole', () => {
    expect(cutText(`${'x'.repeat(31)}😀`, 32, 'utf16')).toBe('x'.repeat(31));
    expect(cutText(`${'x'.repeat(30)}😀`, 32, 'utf16')).toBe(`${'x'.repeat(30)}😀`);
    expect(cutText(emoji(20), 32, 'utf16')).toBe(emoji(16));
    expect(cutText('Order 12', 32, 'utf16')).toBe('Order 12');
  });

  it('refuses the controls that turn text around (a spoof of words or a link), and keeps the marks right-to-left writers use', () => {
    const comment = freeText(140);
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const r = comment.safeParse(`look at gpj${c}.exe`);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('validation.unstorable');
      expect(personName(40).safeParse(`Ann${c}a`).success).toBe(false);
    }
    expect(comment.safeParse('שלום \u200Fworld\u200E').success).toBe(true);
    expect(personName(40).safeParse('Anna').data).toBe('Anna');
  });

  it('an excerpt ends with "…" only when something was cut', () => {
    expect(excerptOf(emoji(61), 60)).toBe(`${emoji(60)}…`);
    expect(excerptOf(emoji(60), 60)).toBe(emoji(60));
    expect(excerptOf('short', 60)).toBe('short');
  });
});

describe('text with nothing a person can see counts as empty', () => {
  // Zero-width space and joiners, word joiner, byte order mark, combining grapheme joiner, Hangul filler, a blank Braille cell.
  const blanks = ['\u200B\u200C\u200D', '\u200B', '\u2060', '\uFEFF\u200B', '\u034F', ' \u200B \u200D ', '\u3164', '\u2800\u2800', '\u180E', '\u00AD', '\uFE0F'];

  it('refuses a required text made only of invisible characters as empty ("required"), and stores an optional one as empty', () => {
    for (const text of blanks) {
      const sent = chatSendBody.safeParse({ kind: 'text', text });
      expect(sent.success, JSON.stringify(text)).toBe(false);
      expect(sent.error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 1, path: ['text'] });
      expect(freeText(200).default('').parse(text)).toBe('');
      expect(personName(40).safeParse(text).success).toBe(false);
    }
  });

  it('keeps the joiners real text uses: emoji sequences, Indic, Khmer, Thai and Persian words, untouched', () => {
    for (const text of ['👨\u200D👩\u200D👧', '👍🏽', '❤\uFE0F', 'क्\u200Dष', 'ক্\u200Cষ', 'ព្រះ\u200Bរាជាណាចក្រ', 'สวัสดี\u200Bครับ', 'می\u200Cخواهم', 'a\u200Bb']) {
      expect(chatSendBody.parse({ kind: 'text', text })).toEqual({ kind: 'text', text });
      expect(adminChatReplyBody.parse({ conversation_id: 1, text })).toEqual({ conversation_id: 1, text });
    }
  });
});

describe("operators' texts members read follow the same rule as members' own", () => {
  const spoof = 'see \u202Egnp.exe';
  it('refuses the controls that turn text around, and text with nothing visible, in chat answers, canned replies, feedback replies and messages to members', () => {
    const refusals: { error?: { issues: { message: string }[] } }[] = [
      adminChatReplyBody.safeParse({ conversation_id: 3, text: spoof }),
      saveCannedReplyBody.safeParse({ lang: 'en-us', title: 'Parcel', text: spoof }),
      replyFeedbackBody.safeParse({ id: 1, reply: `Thanks ${spoof}` }),
      broadcastTextSchema.safeParse({ title: 'Sale', text: spoof }),
      broadcastTextSchema.safeParse({ title: spoof, text: 'Sale' }),
    ];
    refusals.push(
      adminAfterSaleReasonBody.safeParse({ id: 1, reason: spoof }),
      adminShopStatusBody.safeParse({ id: 1, status: 'paused', reason: spoof }),
      adminCancelOrderBody.safeParse({ id: 1, reason: spoof }),
      trackingEventBody.safeParse({ package_id: 1, text: spoof }),
      adminTextsSchema(200).safeParse({ 'en-us': `Notice ${spoof}` }),
    );
    for (const r of refusals) expect(r.error?.issues[0]?.message).toBe('validation.unstorable');
    for (const r of [adminChatReplyBody.safeParse({ conversation_id: 3, text: '\u200B' }), replyFeedbackBody.safeParse({ id: 1, reply: '\u200D\u2060' })]) expect(r.error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 1 });
    expect(adminChatReplyBody.parse({ conversation_id: 3, text: ' Your parcel 📦 left today ' }).text).toBe('Your parcel 📦 left today');
  });
});
