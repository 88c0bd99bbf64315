import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { LANGUAGES } from '@shop/contract/common';
import { installableApp, manifestFile } from '../../../pwa';

/** What the build writes: the plugin's files, as Rollup's plugin context receives them. */
async function emittedFiles(): Promise<Map<string, string | Uint8Array>> {
  const files = new Map<string, string | Uint8Array>();
  const plugin = installableApp() as Plugin & { generateBundle: (this: unknown) => Promise<void> };
  await plugin.generateBundle.call({
    emitFile: ({ fileName, source }: { fileName: string; source: string | Uint8Array }) => {
      files.set(fileName, source);
      return fileName;
    },
  });
  return files;
}

// A tag a browser reads: well formed, in its canonical spelling ("ms", not "may"), and of a language
// that exists ("ja", not "jp", which is no language at all).
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const isLanguageTag = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag)[0] === tag && languageNames.of(tag) !== undefined;
  } catch {
    return false;
  }
};

describe('the web app manifests the build writes', () => {
  it('name their language with a valid BCP 47 tag in every language (ja, ms, zh-TW …, never our internal jp or may)', async () => {
    const files = await emittedFiles();
    const langs = Object.fromEntries(
      (['default', ...LANGUAGES.filter((l) => l !== 'en-us')] as const).map((lang) => [lang, (JSON.parse(String(files.get(manifestFile(lang)))) as { lang: string }).lang]),
    );
    expect(Object.keys(langs)).toHaveLength(LANGUAGES.length);
    expect(Object.entries(langs).filter(([, lang]) => !isLanguageTag(lang))).toEqual([]);
    expect(langs.jp).toMatch(/^ja\b/);
    expect(langs.may).toMatch(/^ms\b/);
  }, 60_000);
});
