/** One language's texts of the demo shop, keyed by the English text they translate. */
export type DemoTexts = Readonly<Record<string, string>>;
