import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, interpolate, type Language } from '@shop/contract/common';
import { writeCount } from '@/lib/count-text';

// The app's texts: the contract's language packs (flat maps of dotted keys, `app.tab.home`), one per
// language, added when their language is loaded, read as the server and the console read them:
// `{{name}}` placeholders; plural forms as `key_one` / `key_other` beside the plain key; the member's
// language first, then the default one (as i18next resolves them); the key itself when neither has
// a text. A small reader of our own rather than a general library: it is on every first screen,
// whose code a phone waits for.

/** Values of a text's placeholders; `count` also picks the plural form. */
export type TextParams = Record<string, string | number> & { count?: number };
export type TFunction = (key: string, params?: TextParams) => string;

type Pack = Record<string, string>;

const pluralRules = new Map<string, Intl.PluralRules | null>();
/** The language's plural category of `count` ("one", "other" …); `undefined` for a code Intl does not know. */
function pluralOf(lang: string, count: number): string | undefined {
  let rules = pluralRules.get(lang);
  if (rules === undefined) {
    try {
      rules = new Intl.PluralRules(LANGUAGE_TAGS[lang as Language] ?? lang);
    } catch {
      rules = null;
    }
    pluralRules.set(lang, rules);
  }
  return rules?.select(count);
}

class Texts {
  /** The language shown. */
  language: string = DEFAULT_LANGUAGE;
  private readonly packs = new Map<string, Pack>();
  private readonly listeners = new Set<() => void>();
  /** Bumped on every change (language or texts): what components re-render on. */
  private revision = 0;
  /** Whether a text was asked for that there was none of (shown as its key) since the last change. */
  private missed = false;

  /** A pack's texts for `lang`: merged into what is there, replacing texts it has only when `overwrite`. */
  addResourceBundle(lang: string, _namespace: string, pack: Pack, _deep?: boolean, overwrite = false): void {
    this.merge(lang, pack, overwrite);
    this.changed();
  }

  /**
   * Texts that complete `lang`'s pack (the rest of a pack loaded in part). Components render again
   * only when one of them has shown a key for want of a text: otherwise nothing on the page can
   * change, and a whole page drawn again just after its first paint is work a phone waits through.
   */
  complete(lang: string, pack: Pack): void {
    this.merge(lang, pack, true);
    if (this.missed) this.changed();
  }

  /** Shows `lang` (its pack added before or after). */
  changeLanguage(lang: string): Promise<TFunction> {
    this.language = lang;
    this.changed();
    return Promise.resolve(this.t);
  }

  /** Whether a text exists for `key` (in the current or the default language). */
  exists(key: string): boolean {
    return this.lookup(this.language, [key]) !== undefined || this.lookup(DEFAULT_LANGUAGE, [key]) !== undefined;
  }

  /** The text of `key` with its placeholders filled; the key itself when there is none. */
  readonly t: TFunction = (key, params) => {
    // The forms to try, most specific first: "no items" for zero, the language's plural form, the plain key.
    const forms: string[] = [];
    if (typeof params?.count === 'number') {
      if (params.count === 0) forms.push(`${key}_zero`);
      const form = pluralOf(this.language, params.count);
      if (form) forms.push(`${key}_${form}`);
    }
    forms.push(key);
    const text = this.lookup(this.language, forms) ?? (this.language === DEFAULT_LANGUAGE ? undefined : this.lookup(DEFAULT_LANGUAGE, forms));
    // The count as the member writes numbers ("2,896 sold", "2 896 eladva"), as prices are; its plural form was picked from the number.
    if (text !== undefined) return interpolate(text, typeof params?.count === 'number' ? { ...params, count: writeCount(params.count, LANGUAGE_TAGS[this.language as Language] ?? LANGUAGE_TAGS[DEFAULT_LANGUAGE]) } : params);
    this.missed = true;
    return key;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getRevision = (): number => this.revision;

  /** `pack` merged into `lang`'s texts, replacing texts there only when `overwrite`. */
  private merge(lang: string, pack: Pack, overwrite: boolean): void {
    const current = this.packs.get(lang);
    if (!current) this.packs.set(lang, { ...pack });
    else if (overwrite) Object.assign(current, pack);
    else for (const [key, text] of Object.entries(pack)) if (!(key in current)) current[key] = text;
  }

  /** The first of `keys` with a text in `lang`'s pack; an empty text counts as none. */
  private lookup(lang: string, keys: string[]): string | undefined {
    const pack = this.packs.get(lang);
    for (const key of keys) if (pack?.[key]) return pack[key];
    return undefined;
  }

  private changed(): void {
    this.missed = false;
    this.revision++;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The app's texts. */
export const i18n = new Texts();

/**
 * `t` and the texts in a component, which renders again when the language or its texts change (a
 * new `t` then, so memoised values that use it are worked out again).
 */
export function useTranslation(): { t: TFunction; i18n: Texts } {
  const revision = useSyncExternalStore(i18n.subscribe, i18n.getRevision, i18n.getRevision);
  return useMemo(() => ({ t: (key: string, params?: TextParams) => i18n.t(key, params), i18n }), [revision]);
}
