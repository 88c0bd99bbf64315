/**
 * The English texts of the whole pack the server gives the app (every namespace but the console's
 * own, as `loadBundledPacks` merges them), in a chunk of its own: imported only when no pack of the
 * member's language can be had (`language-packs.ts`), so never part of a first paint, and precached
 * by the service worker with the other chunks, so there offline too.
 */
const files = import.meta.glob<Record<string, string>>(['../../../../packages/contract/src/i18n/packs/*/en-us.json', '!../../../../packages/contract/src/i18n/packs/console-*/en-us.json'], {
  eager: true,
  import: 'default',
});

export const englishTexts: Record<string, string> = Object.assign({}, ...Object.values(files));
