import { describe, expect, it } from 'vitest';
import { afterSaleSubmitBody, createOrderReviewBody } from '../../after-sales/after-sales.schemas.js';
import { createFeedbackBody } from '../../support/support.schemas.js';
import { cutText, excerptOf, freeText } from '../text.js';

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

  it('an excerpt ends with "…" only when something was cut', () => {
    expect(excerptOf(emoji(61), 60)).toBe(`${emoji(60)}…`);
    expect(excerptOf(emoji(60), 60)).toBe(emoji(60));
    expect(excerptOf('short', 60)).toBe('short');
  });
});
