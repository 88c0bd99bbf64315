import { LANGUAGES, type Language } from '@shop/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT } from '../../pages/content/kinds';
import { changeLanguage, i18n, initI18n } from '../i18n';

// The console wrote its page language written as the shop's own codes (`jp`, `may`,
// `en-us`): not languages a screen reader or browser knows, so Japanese was read with an English voice.
// The page says its language as a BCP 47 tag, and what the console shows in the operator's language
// still follows it.

beforeAll(async () => {
  await initI18n();
});
afterAll(async () => {
  await changeLanguage('en-us');
});

const expected: Record<Language, string> = {
  'en-us': 'en-US',
  'zh-cn': 'zh-CN',
  'zh-tw': 'zh-TW',
  jp: 'ja-JP',
  may: 'ms-MY',
  hu: 'hu-HU',
  id: 'id-ID',
  km: 'km-KH',
  th: 'th-TH',
};

describe('the page’s language', () => {
  it.each([...LANGUAGES])('is a BCP 47 tag a browser knows when the operator picks %s', async (lang) => {
    await changeLanguage(lang);
    const tag = document.documentElement.lang;
    expect(tag).toBe(expected[lang]);
    // A well-formed tag, and a language the browser names (the shop's `jp` or `may` are neither Japanese nor Malay).
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    expect(new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(new Intl.Locale(tag).language)).toBeTruthy();
  });

  it('leaves the content lists in the operator’s language', async () => {
    await changeLanguage('jp');
    expect(i18n.language).toBe('jp');
    const title = CONTENT.news.columns(i18n.t)[0]!;
    const render = (title as { render: (v: unknown) => unknown }).render;
    expect(render({ 'en-us': 'Holiday hours', jp: '休業日のお知らせ' })).toBe('休業日のお知らせ');
  });
});
