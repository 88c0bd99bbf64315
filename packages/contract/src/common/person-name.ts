import type { Language } from './languages.js';

/** Languages whose readers write the family name first (Hungarian, Japanese, Chinese, Khmer): forms ask for it first, displays show it first. */
export const FAMILY_NAME_FIRST: ReadonlySet<Language> = new Set<Language>(['hu', 'jp', 'zh-cn', 'zh-tw', 'km']);

/** Whether a reader of `lang` writes the family name before the given name. */
export const familyNameFirst = (lang: Language): boolean => FAMILY_NAME_FIRST.has(lang);

/** Han, kana and hangul only: a name written so has no space between its parts ("王小明"). */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005]+$/u;

/**
 * A person's name as a reader of `lang` writes it: the family name first where the form asks for it
 * first (`FAMILY_NAME_FIRST`), so what a member typed reads back in the same order everywhere. Parts
 * left empty are dropped. A name whose two parts are both in Chinese, Japanese or Korean script is
 * written as its own script writes it, in every language: family name first, without a space
 * ("王小明", never "小明王"); any other joins with a space ("Ali Tan", "Tan Ali").
 */
export function fullName(given: string | null | undefined, family: string | null | undefined, lang: Language): string {
  const g = (given ?? '').trim();
  const f = (family ?? '').trim();
  if (g && f && CJK_ONLY.test(g) && CJK_ONLY.test(f)) return `${f}${g}`;
  return (familyNameFirst(lang) ? [f, g] : [g, f]).filter(Boolean).join(' ');
}
