import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, normalizeLanguage } from '../languages.js';

describe('language tags', () => {
  it('maps common spellings to the nine languages', () => {
    expect(normalizeLanguage('zh_CN')).toBe('zh-cn');
    expect(normalizeLanguage('zh-Hant-TW')).toBe('zh-tw');
    expect(normalizeLanguage('ja')).toBe('jp');
    expect(normalizeLanguage('ms-MY')).toBe('may');
    expect(normalizeLanguage('EN_us')).toBe('en-us');
    expect(normalizeLanguage('fr')).toBeUndefined();
    expect(normalizeLanguage('')).toBeUndefined();
  });

  it('honours Accept-Language q-values and skips what we do not speak', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,th;q=0.8,en;q=0.7')).toBe('th');
    expect(languageFromAcceptLanguage('en;q=0.1, hu;q=0.9')).toBe('hu');
    expect(languageFromAcceptLanguage('id;q=0')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
