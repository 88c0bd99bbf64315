import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKS_DIR } from './packs.js';

// The shop's points are "คะแนน" in Thai everywhere (the word the packs use most); "แต้ม" beside it reads as a second currency.
const thaiTexts = () =>
  fs
    .readdirSync(PACKS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => Object.entries(JSON.parse(fs.readFileSync(path.join(PACKS_DIR, d.name, 'th.json'), 'utf8')) as Record<string, string>));

describe('Thai packs', () => {
  it('call the shop\'s points by one word on every page, the order page and the after-sales case alike', () => {
    const texts = thaiTexts();
    expect(texts.filter(([, text]) => text.includes('แต้ม')).map(([key]) => key)).toEqual([]);
    const pointsTexts = texts.filter(([key]) => /^(afterSales|console\.afterSales|orders)\.(event|note|payments)\..*points/i.test(key));
    expect(pointsTexts.length).toBeGreaterThan(0);
    for (const [key, text] of pointsTexts) expect(text, key).toContain('คะแนน');
  });
});
