/** The nine languages of the product, as the wire names them. */
export const LANGUAGES = ['en-us', 'zh-cn', 'zh-tw', 'jp', 'may', 'hu', 'id', 'km', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-us';

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-us': 'English',
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
  jp: '日本語',
  may: 'Bahasa Melayu',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  km: 'ភាសាខ្មែរ',
  th: 'ไทย',
};

/** Each language as a BCP 47 tag, for `Intl` (numbers, money, dates, plural rules) and `<html lang>`. */
export const LANGUAGE_TAGS: Record<Language, string> = {
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

/**
 * Where each language is mostly read (the region of its tag): the country a reader's lists start
 * with (the real-name issuer, the phone field's calling code). A Traditional Chinese reader's is Taiwan.
 */
export const HOME_COUNTRY = Object.fromEntries(Object.entries(LANGUAGE_TAGS).map(([lang, tag]) => [lang, tag.split('-')[1]])) as Record<Language, string>;

const ALIASES: Record<string, Language> = {
  en: 'en-us', 'en-us': 'en-us', 'en-gb': 'en-us',
  zh: 'zh-cn', 'zh-cn': 'zh-cn', 'zh-hans': 'zh-cn', 'zh-sg': 'zh-cn',
  'zh-tw': 'zh-tw', 'zh-hk': 'zh-tw', 'zh-mo': 'zh-tw', 'zh-hant': 'zh-tw',
  jp: 'jp', ja: 'jp', 'ja-jp': 'jp',
  may: 'may', ms: 'may', 'ms-my': 'may', 'ms-sg': 'may',
  hu: 'hu', 'hu-hu': 'hu',
  id: 'id', in: 'id', 'id-id': 'id',
  km: 'km', 'km-kh': 'km',
  th: 'th', 'th-th': 'th',
};

/** Maps a language tag in any common spelling (`zh_CN`, `ja-JP`, `ms`) to one of ours, or undefined. */
export function normalizeLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!t) return undefined;
  return ALIASES[t] ?? ALIASES[t.split('-').slice(0, 2).join('-')] ?? ALIASES[t.split('-')[0]!];
}

/** Picks our language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) {
    const lang = normalizeLanguage(r.tag);
    if (lang) return lang;
  }
  return undefined;
}
