// Where a member is, as a time zone: the country of the order's delivery address. A moment told to a
// member (a deadline in a message) is written in it, with its UTC offset beside it.

/**
 * The time zone of each country the shop ships to, and of a few neighbours. A country spanning several
 * (Indonesia, the United States, China's one official zone aside) has its capital's: the offset written
 * beside every moment keeps it unambiguous for a member elsewhere in it.
 */
const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  MY: 'Asia/Kuala_Lumpur',
  CN: 'Asia/Shanghai',
  SG: 'Asia/Singapore',
  TH: 'Asia/Bangkok',
  ID: 'Asia/Jakarta',
  JP: 'Asia/Tokyo',
  TW: 'Asia/Taipei',
  HK: 'Asia/Hong_Kong',
  MO: 'Asia/Macau',
  KH: 'Asia/Phnom_Penh',
  VN: 'Asia/Ho_Chi_Minh',
  LA: 'Asia/Vientiane',
  MM: 'Asia/Yangon',
  PH: 'Asia/Manila',
  BN: 'Asia/Brunei',
  KR: 'Asia/Seoul',
  HU: 'Europe/Budapest',
  US: 'America/New_York',
};

/** The time zone of a country (an ISO 3166 code); UTC for one the shop does not know. */
export const timeZoneOfCountry = (code: string | null | undefined): string => COUNTRY_ZONES[(code ?? '').toUpperCase()] ?? 'UTC';

/** The UTC offset of a zone at a moment, as people write it: "UTC+7", "UTC+5:30", "UTC-4", "UTC". */
export function utcOffsetOf(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const minutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}
