// Written by scripts/date-patterns.ts from Intl's own output: do not edit by hand.
import type { DatePattern } from './date-patterns-derive';

/** How each of the shop's languages writes a date, as Intl writes it, without Intl's date data (see `dates.ts`). */
export const DATE_PATTERNS: Record<string, DatePattern> = {
  "en-US": {
    "date": "{M} {d}, {y}",
    "dateTime": "{M} {d}, {y}, {h}:{m} {a}",
    "months": [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec"
    ],
    "dayPeriods": [
      "AM",
      "PM"
    ],
    "dayPadded": false,
    "hourPadded": false
  },
  "zh-CN": {
    "date": "{y}年{M}月{d}日",
    "dateTime": "{y}年{M}月{d}日 {h}:{m}",
    "months": [
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12"
    ],
    "dayPadded": false,
    "hourPadded": true
  },
  "ja-JP": {
    "date": "{y}/{M}/{d}",
    "dateTime": "{y}/{M}/{d} {h}:{m}",
    "months": [
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
      "07",
      "08",
      "09",
      "10",
      "11",
      "12"
    ],
    "dayPadded": true,
    "hourPadded": false
  },
  "ms-MY": {
    "date": "{d} {M} {y}",
    "dateTime": "{d} {M} {y}, {h}:{m} {a}",
    "months": [
      "Jan",
      "Feb",
      "Mac",
      "Apr",
      "Mei",
      "Jun",
      "Jul",
      "Ogo",
      "Sep",
      "Okt",
      "Nov",
      "Dis"
    ],
    "dayPeriods": [
      "PG",
      "PTG"
    ],
    "dayPadded": false,
    "hourPadded": false
  },
  "hu-HU": {
    "date": "{y}. {M} {d}.",
    "dateTime": "{y}. {M} {d}. {h}:{m}",
    "months": [
      "jan.",
      "febr.",
      "márc.",
      "ápr.",
      "máj.",
      "jún.",
      "júl.",
      "aug.",
      "szept.",
      "okt.",
      "nov.",
      "dec."
    ],
    "dayPadded": false,
    "hourPadded": false
  },
  "id-ID": {
    "date": "{d} {M} {y}",
    "dateTime": "{d} {M} {y}, {h}.{m}",
    "months": [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "Mei",
      "Jun",
      "Jul",
      "Agu",
      "Sep",
      "Okt",
      "Nov",
      "Des"
    ],
    "dayPadded": false,
    "hourPadded": true
  },
  "km-KH": {
    "date": "{d} {M} {y}",
    "dateTime": "{d} {M} {y}, {h}:{m} {a}",
    "months": [
      "មករា",
      "កុម្ភៈ",
      "មីនា",
      "មេសា",
      "ឧសភា",
      "មិថុនា",
      "កក្កដា",
      "សីហា",
      "កញ្ញា",
      "តុលា",
      "វិច្ឆិកា",
      "ធ្នូ"
    ],
    "dayPeriods": [
      "AM",
      "PM"
    ],
    "dayPadded": false,
    "hourPadded": false
  }
};
