import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A Thai member's wallet, top-up history and exchange rates were drawn with a yen sign (¥): some of
// the icon set's money icons carry it. The wallet holds many currencies, so none of them is used.

const YEN_ICONS = ['PayCircleOutline', 'PayCircleFill', 'ReceiptOutline', 'ReceiptFill', 'BillOutline', 'BillFill', 'HandPayCircleOutline', 'ReceivePaymentOutline', 'ReceivePaymentFill'];
const SRC = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('icons of money', () => {
  it('none drawn with a currency sign is used anywhere in the app', () => {
    const found = sources(SRC).flatMap((file) => YEN_ICONS.filter((icon) => new RegExp(`\\b${icon}\\b`).test(readFileSync(file, 'utf8'))).map((icon) => `${file.slice(SRC.length + 1)}: ${icon}`));
    expect(found).toEqual([]);
  });
});
