import { DEFAULT_LANGUAGE, interpolate, type Language } from '@shop/contract';

export type Params = Record<string, string | number>;

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

  /** The text of `key` in `lang`, falling back to English, then to the key itself. */
  t(lang: Language, key: string, params?: Params): string {
    const text = this.packs.get(lang)?.[key] ?? this.packs.get(DEFAULT_LANGUAGE)?.[key] ?? key;
    return interpolate(text, params);
  }
}
