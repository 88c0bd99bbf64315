import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, displayMinor, interpolate, type Language } from '@shop/contract';
import { utcOffsetOf } from './time-zones.js';

/**
 * An amount of money in a message, written in the reader's language: its number only (decimal mark
 * and grouping as the language writes them, the shop's shown decimals), the message's text places
 * the currency. "38.99" to an English reader, "38,99" to a Hungarian or Indonesian one, where "38.99"
 * would read as thirty-eight thousand.
 */
export class Amount {
  constructor(
    readonly minor: number,
    readonly currency: string,
  ) {}

  in(lang: Language): string {
    const text = displayMinor(this.minor, this.currency);
    const decimals = text.split('.')[1]?.length ?? 0;
    // A numeric string keeps every digit exact (Intl reads it as a decimal, not a float).
    return new Intl.NumberFormat(LANGUAGE_TAGS[lang] ?? 'en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(text as unknown as number);
  }
}

/**
 * A moment in a message, written in the reader's language at the member's place: date and time in
 * `timeZone` with its UTC offset ("Dec 7, 2026, 4:09 AM (UTC+7)"), so no reader takes it for another
 * day, whatever zone their phone is in.
 */
export class Moment {
  constructor(
    readonly at: Date,
    readonly timeZone: string,
  ) {}

  in(lang: Language): string {
    const written = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang] ?? 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: this.timeZone }).format(this.at);
    return `${written} (${utcOffsetOf(this.at, this.timeZone)})`;
  }
}

/** A measure in a message (a weight in kilograms …), written with the reader's decimal mark: "2.5" to an English reader, "2,5" to a Hungarian one. */
export class Quantity {
  constructor(readonly value: number) {}

  in(lang: Language): string {
    return new Intl.NumberFormat(LANGUAGE_TAGS[lang] ?? 'en-US', { maximumFractionDigits: 3 }).format(this.value);
  }
}

export type Params = Record<string, string | number | Amount | Moment | Quantity>;

const pluralRules = new Map<string, Intl.PluralRules>();
/** The language's plural category of `count` ("one", "other" …). */
function pluralOf(lang: Language, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(LANGUAGE_TAGS[lang] ?? 'en-US')));
  return rules.select(count);
}

/** Server messages in every language, read from the same packs the app gets. */
export class Translator {
  private packs = new Map<string, Record<string, string>>();

  constructor(packs?: Partial<Record<Language, Record<string, string>>>) {
    if (packs) for (const [lang, pack] of Object.entries(packs)) this.packs.set(lang, pack);
  }

  setPack(lang: string, pack: Record<string, string>): void {
    this.packs.set(lang, pack);
  }

  has(key: string): boolean {
    return this.packs.get(DEFAULT_LANGUAGE)?.[key] !== undefined;
  }

  /**
   * The text of `key` in `lang`, falling back to English, then to the key itself. A numeric `count`
   * picks the plural form as the app does: `key_zero` for 0, then `key_<form>` ("one" …), then `key`.
   */
  t(lang: Language, key: string, params?: Params): string {
    const keys = typeof params?.count === 'number' ? [...(params.count === 0 ? [`${key}_zero`] : []), `${key}_${pluralOf(lang, params.count)}`, key] : [key];
    const text = this.lookup(lang, keys) ?? this.lookup(DEFAULT_LANGUAGE, keys) ?? key;
    return interpolate(text, params && Object.fromEntries(Object.entries(params).map(([name, v]) => [name, v instanceof Amount || v instanceof Moment || v instanceof Quantity ? v.in(lang) : v])));
  }

  /** The first of `keys` with a text in `lang`'s pack. */
  private lookup(lang: string, keys: string[]): string | undefined {
    const pack = this.packs.get(lang);
    for (const key of keys) if (pack?.[key] !== undefined) return pack[key];
    return undefined;
  }
}
