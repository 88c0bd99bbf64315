import { LANGUAGES } from '@shop/contract/common';
import { loadConsolePacks } from '@shop/contract/packs';
import { SHOP_STOCK_CAUSES } from '@shop/contract/user-shop';
import { describe, expect, it } from 'vitest';

// The "Source" column of a shop's stock changes words each cause the API records (the contract's
// list, which the API's stock table is typed by); a cause without a text showed raw ("after_sale").

const packs = loadConsolePacks();

describe("the source of a shop's stock change", () => {
  it.each([...LANGUAGES])('has a text for every cause in %s, each reading differently', (lang) => {
    const texts = SHOP_STOCK_CAUSES.map((cause) => [cause, packs[lang][`console.shops.causes.${cause}`]?.trim()] as const);
    expect(texts.filter(([, text]) => !text).map(([cause]) => cause), `${lang}: causes without a text`).toEqual([]);
    expect(new Set(texts.map(([, text]) => text!.toLocaleLowerCase())).size, `${lang}: two causes read alike`).toBe(SHOP_STOCK_CAUSES.length);
  });

  it('reads a returned unit as an after-sales return, in the language of each pack', () => {
    expect(packs['en-us']['console.shops.causes.after_sale']).toBe('After-sales return');
    // A real translation, not the English text copied.
    for (const lang of LANGUAGES.filter((l) => l !== 'en-us')) expect(packs[lang]['console.shops.causes.after_sale'], lang).not.toBe('After-sales return');
  });
});
