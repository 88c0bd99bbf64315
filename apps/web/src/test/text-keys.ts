/**
 * The text keys a source file names, as the tests read them: t('…'), i18n.t('…'), i18nKey="…",
 * `…Key: '…'` fields and any 'app.…' literal. A key built at run time (t(`area.${x}`)) is not one of
 * them: `keyNamespacesIn` also gives its namespace.
 */
const KEY_PATTERNS = [/\bt\(\s*['"`]([^'"`$]+)['"`]/g, /i18nKey=["']([^"']+)["']/g, /\w*Key:\s*['"]([a-z][\w]*\.[\w.]+)['"]/g, /['"](app\.[\w.]+)['"]/g];

export const textKeysIn = (source: string): string[] => KEY_PATTERNS.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]!));

/** The namespaces (first segments) of the texts a source file names, keys built at run time included. */
export const keyNamespacesIn = (source: string): string[] => [
  ...textKeysIn(source).map((key) => key.split('.')[0]!),
  ...[...source.matchAll(/\bt\(\s*`([a-zA-Z]+)\.[^`]*\$\{/g)].map((m) => m[1]!),
];
