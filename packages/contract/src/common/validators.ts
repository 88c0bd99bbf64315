/**
 * The generic validators of spec §5. Each is a plain predicate so both apps (and zod refinements)
 * share one definition.
 */

export const isEmail = (v: string): boolean =>
  v.length <= 254 && /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(v) &&
  !v.split('@')[0]!.startsWith('.') && !v.split('@')[0]!.endsWith('.') && !v.includes('..');

/** Mainland China mobile: 11 digits, `1[3-9]` then 9 digits. */
export const isMainlandMobile = (v: string): boolean => /^1[3-9]\d{9}$/.test(v);
/** A phone number as people write it, of any country: 5 to 15 digits (E.164's most), spaces, dots, dashes and brackets between them, an optional leading `+`. */
export const isPhoneNumber = (v: string): boolean => /^\+?\(?\d[\d\s().-]*$/.test(v) && /^(?:\D*\d){5,15}\D*$/.test(v);

export const isUrl = (v: string): boolean => {
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    return Boolean(new URL(v).hostname);
  } catch {
    return false;
  }
};

/** A file the shop serves: a path on this site (`/uploads/…`, never `//host`) or an https address. */
export const FILE_URL = /^(\/(?!\/)|https:\/\/)\S*$/;
/** Whether `v` is a file the shop serves (FILE_URL): what a picture of news, banners, causes or rich text may be. */
export const isFileUrl = (v: string): boolean => FILE_URL.test(v);

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/** A calendar date written `YYYY-MM-DD` or `YYYY/MM/DD`, that exists. */
export const isDate = (v: string): boolean => {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v);
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** The earliest birthday a living person may have. */
export const EARLIEST_BIRTHDAY = '1900-01-01';

/** `YYYY-MM-DD` of a date written `YYYY-MM-DD` or `YYYY/M/D`. */
const isoDay = (v: string): string => {
  const [y, m, d] = v.split(/[-/]/);
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
};

/**
 * A date of birth a person can have: a real date, not before 1900 and not after today. "Today" is
 * the latest calendar day anywhere on earth (UTC+14), so nobody is refused for being born today.
 */
export const isBirthday = (v: string, now: Date = new Date()): boolean => {
  if (!isDate(v)) return false;
  const latest = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  const day = isoDay(v);
  return day >= EARLIEST_BIRTHDAY && day <= latest;
};

/** An ISO 8601 date or date-time (`2026-11-21`, `2026-11-21T09:00:00Z`, with offset or fraction). */
export const isIsoDate = (v: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/.exec(v);
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** A decimal number, optionally signed: `-1`, `3.14`, `.5` is not accepted. */
export const isNumber = (v: string): boolean => /^[-+]?\d+(?:\.\d+)?$/.test(v);

export const isDigits = (v: string): boolean => /^\d+$/.test(v);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
/** Mainland national ID: 18 characters, a real birth date, and the ISO 7064 check character. */
export const isNationalId = (v: string): boolean => {
  if (!/^\d{17}[\dXx]$/.test(v)) return false;
  if (!isRealDate(Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14)))) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return ID_CHECK[sum % 11] === v[17]!.toUpperCase();
};

/** Mainland vehicle plate, ordinary (7 characters) or new-energy (8). */
export const isCarPlate = (v: string): boolean =>
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]{5}|[A-HJ-NP-Z0-9]{5}[DF])$/.test(v);

/** An amount with up to 2 decimals and optional thousands separators: `1,234.50`, `0.5`, `12`. */
export const isAmount = (v: string): boolean =>
  /^(?:0|[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*)(?:\.\d{1,2})?$/.test(v);

export const isChineseOnly = (v: string): boolean => /^[\u4e00-\u9fa5]+$/.test(v);
export const isLettersOnly = (v: string): boolean => /^[A-Za-z]+$/.test(v);
export const isLettersOrDigits = (v: string): boolean => /^[A-Za-z0-9]+$/.test(v);

/** Landline: optional area code (0 + 2-3 digits, optional dash), 7-8 digits, optional extension. */
export const isLandline = (v: string): boolean => /^(?:0\d{2,3}-?)?[1-9]\d{6,7}(?:-\d{1,6})?$/.test(v);

/** A string that parses as a JSON object or array. */
export const isJsonString = (v: string): boolean => {
  try {
    const parsed: unknown = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
};

/** A numeric code of exactly `length` digits (default 6), such as a verification code. */
export const isNumericCode = (v: string, length = 6): boolean => new RegExp(`^\\d{${length}}$`).test(v);

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'avi', '3gp', 'mkv'] as const;
const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};
/** Whether a file name ends like an image. (Uploads are still checked by content on the server.) */
export const hasImageExtension = (name: string): boolean => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
export const hasVideoExtension = (name: string): boolean => (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** `min <= value <= max`. */
export const isInRange = (value: number, min: number, max: number): boolean =>
  Number.isFinite(value) && value >= min && value <= max;

/** Length in characters (code points, so an emoji counts once) between min and max. */
export const isLengthBetween = (v: string, min: number, max: number): boolean => {
  const n = [...v].length;
  return n >= min && n <= max;
};

/** Shows a phone number or e-mail with only its first 3 and last 3 characters: `138****5678`. */
export const maskContact = (v: string): string => {
  const chars = [...v];
  if (chars.length <= 6) return chars.length <= 1 ? v : chars[0] + '*'.repeat(chars.length - 1);
  return chars.slice(0, 3).join('') + '*'.repeat(chars.length - 6) + chars.slice(-3).join('');
};
