/** Where exchange rates come from (default: the ECB's daily reference rates); the rates area provides it. */
export interface ExchangeRateSource {
  /** Name recorded as the rates' source, e.g. `ecb`. */
  readonly name: string;
  /** The latest published rates: units of each currency per one `base`, as exact decimal text. */
  latest(): Promise<{ date: string; base: string; rates: Record<string, string> }>;
}
