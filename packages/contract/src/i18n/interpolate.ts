/** Fills `{{name}}` placeholders the way i18next does, so server and app read the same packs. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * What a text fills in or hands to its reader rather than shows: `{{name}}` placeholders (written
 * without their inner spaces, as `interpolate` reads them), and i18next's other syntax should a text
 * carry it — any other `{{…}}`, `$t(…)` nesting and numbered component tags (`<0>`, `</0>`, `<0/>`).
 * Plural forms are keys of their own (`key_one`, `key_other`), each with its own placeholders.
 */
export function textPlaceholders(text: string): string[] {
  const found = new Set<string>();
  for (const [token] of text.matchAll(/\{\{[^{}]*\}\}|\$t\([^)]*\)|<\/?\d+\s*\/?>/g)) found.add(token.startsWith('{{') ? token.replace(/\s+/g, '') : token);
  return [...found];
}

/** The placeholders of `shipped` a replacement of it lacks, and those it has that `shipped` does not (empty both: it keeps them exactly). */
export function placeholderChanges(shipped: string, text: string): { missing: string[]; unknown: string[] } {
  const want = textPlaceholders(shipped);
  const have = textPlaceholders(text);
  return { missing: want.filter((p) => !have.includes(p)), unknown: have.filter((p) => !want.includes(p)) };
}
