/** The parts of a postal address, as the address book and an order's snapshot hold them. */
export interface AddressParts {
  /** The country's ISO code: it decides the order the parts are written in. */
  country_code: string;
  /** The country as the reader names it; left out when empty. */
  country_name?: string;
  province?: string;
  city?: string;
  district?: string;
  /** The street with its number ("神南1-2-3", "12 Baker Street"). */
  street?: string;
  /** The building, floor or room, after the street. */
  house_number?: string;
  zip_code?: string;
}

/**
 * Countries that write an address from the largest place to the smallest (prefecture or province,
 * city, district, street), with the postal code in front, and how they join the places: Japanese and
 * Chinese run them together ("東京都渋谷区神南1-2-3"), Korean puts a space between them.
 */
const BIG_TO_SMALL: Readonly<Record<string, { join: string; zip: (zip: string) => string }>> = {
  JP: { join: '', zip: (zip) => `〒${/^\d{7}$/.test(zip) ? `${zip.slice(0, 3)}-${zip.slice(3)}` : zip}` },
  CN: { join: '', zip: (zip) => zip },
  TW: { join: '', zip: (zip) => zip },
  HK: { join: '', zip: (zip) => zip },
  MO: { join: '', zip: (zip) => zip },
  KR: { join: ' ', zip: (zip) => zip },
};

/** Han, kana or hangul: a part written in the country's own script. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Han, kana or hangul at the end and at the start of a part: where two parts meet. */
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Places joined as the country joins them, but run together only where both sides of the meeting are
 * in the country's script ("東京都渋谷区"): a part in Latin letters or starting with its number keeps
 * a space ("東京都 Shibuya-ku 神宮前1-2-3"), so scripts are never glued into one word.
 */
function joinPlaces(places: string[], join: string): string {
  return places.reduce((text, p) => (!text ? p : `${text}${join === '' && CJK_END.test(text) && CJK_START.test(p) ? '' : join || ' '}${p}`), '');
}

/**
 * An address on one line, in the order its country writes it: in Japan, China, Taiwan, Hong Kong,
 * Macau and Korea, when it is written in their script, the postal code first and then from the
 * largest place to the smallest ("〒150-0041 東京都渋谷区神南1-2-3"); elsewhere (and such an address
 * whose street is written in Latin letters) from the street to the country, with commas. The country comes last in
 * both, as on an envelope sent abroad. Empty parts are left out.
 */
export function addressText(a: AddressParts): string {
  const part = (v: string | undefined) => (v ?? '').trim();
  const [province, city, district, street, house, zip, country] = [part(a.province), part(a.city), part(a.district), part(a.street), part(a.house_number), part(a.zip_code), part(a.country_name)] as const;
  const style = BIG_TO_SMALL[a.country_code.trim().toUpperCase()];
  // The street the member typed decides: picked place names may be in the country's script while the
  // street is in Latin letters ("Tianhe Road 385"), an address then written street first.
  if (style && [street, house].some((p) => CJK.test(p))) {
    // A city that is its own province (北京市, 北京市) is written once.
    const places = [province, city, district, street].filter((p, i, all) => p && p !== all[i - 1]);
    const code = zip.replace(/^〒\s*/, '');
    return [code && style.zip(code), [joinPlaces(places, style.join), house].filter(Boolean).join(' '), country].filter(Boolean).join(' ');
  }
  return [street, house, district, city, province, zip, country].filter(Boolean).join(', ');
}

/**
 * The phone of an address as shown: its calling code once, before the national number ("+36
 * 201234567"). A number written with a calling code of its own ("+36 20…", "0036 20…", as a member may
 * type it) is not given a second one: its own code stands, set apart from the number when it is the
 * address's.
 */
export function phoneText(callingCode: string, number: string): string {
  const code = callingCode.trim().replace(/^\+/, '');
  const typed = number.trim();
  const international = /^(?:\+|00)\s*/.exec(typed);
  if (!international) return code ? `+${code} ${typed}` : typed;
  const rest = typed.slice(international[0].length);
  if (code && rest.startsWith(code)) return `+${code} ${rest.slice(code.length).replace(/^[\s-]+/, '')}`;
  return `+${rest}`;
}
