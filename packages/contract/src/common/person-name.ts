import type { Language } from './languages.js';

/**
 * Languages whose readers write the family name first (Hungarian, Japanese, Chinese, Khmer): the
 * address form asks for it first, and a name that tells nothing else of its order (`fullName`) is
 * shown so.
 */
export const FAMILY_NAME_FIRST: ReadonlySet<Language> = new Set<Language>(['hu', 'jp', 'zh-cn', 'zh-tw', 'km']);

/** Whether a reader of `lang` writes the family name before the given name (the address form's field order). */
export const familyNameFirst = (lang: Language): boolean => FAMILY_NAME_FIRST.has(lang);

/** Countries whose people write their Latin-script names family name first: Hungary, Vietnam. */
const FAMILY_FIRST_COUNTRIES: ReadonlySet<string> = new Set(['HU', 'VN']);

/** Han, kana and hangul only: a name written so has no space between its parts ("王小明"). */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005]+$/u;

type NameScript = 'cjk' | 'khmer' | 'latin' | 'other';

/** The script a letter is written in, as far as the order of a name goes. */
function scriptOf(letter: string): NameScript {
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(letter)) return 'cjk';
  if (/\p{Script=Khmer}/u.test(letter)) return 'khmer';
  if (/\p{Script=Latin}/u.test(letter)) return 'latin';
  return 'other';
}

/** The one script all the letters of a name's parts are written in, or undefined when they mix scripts (or have no letters). */
function nameScript(...parts: string[]): NameScript | undefined {
  const scripts = new Set([...parts.join('').matchAll(/\p{L}/gu)].map(([letter]) => scriptOf(letter)));
  return scripts.size === 1 ? [...scripts][0] : undefined;
}

/**
 * A person's name in the order their own culture writes it, whatever language the reader uses: the
 * name's script decides first — Chinese, Japanese or Korean script and Khmer family name first (CJK
 * parts without a space: "王小明"), Thai and every other script given name first. A name in Latin
 * letters follows the country it belongs to (`country`, the address's: "Kovács Anna" in Hungary,
 * "John Smith" in the United States); only when nothing tells (no country, or parts in mixed scripts)
 * the reader's language does, as the address form asked for the parts. Parts left empty are dropped.
 */
export function fullName(given: string | null | undefined, family: string | null | undefined, reader: Language, country?: string | null): string {
  const g = (given ?? '').trim();
  const f = (family ?? '').trim();
  if (g && f && CJK_ONLY.test(g) && CJK_ONLY.test(f)) return `${f}${g}`;
  return (familyFirst(nameScript(g, f), reader, country) ? [f, g] : [g, f]).filter(Boolean).join(' ');
}

function familyFirst(script: NameScript | undefined, reader: Language, country: string | null | undefined): boolean {
  if (script === 'cjk' || script === 'khmer') return true;
  if (script === 'other') return false;
  if (script === 'latin' && country) return FAMILY_FIRST_COUNTRIES.has(country.toUpperCase());
  return familyNameFirst(reader);
}
