import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, type Language } from '../../packages/contract/src/common/languages';

/*
 * The installable app and its service worker (docs/decisions/2026-11-24-installable-and-offline.md):
 * a web app manifest per language whose name differs, icons of every size drawn from the favicon,
 * the release's id in the document, and the worker (`sw/sw.ts`) with the release's files to precache.
 */

const ROOT = import.meta.dirname;
const PACKS = path.join(ROOT, '../../packages/contract/src/i18n/packs/app');
export const THEME_COLOUR = '#b33b00';
const BACKGROUND_COLOUR = '#f5f5f7';
/** Sizes browsers and launchers ask for: Android's densities, Windows' tiles, the install dialog and the splash screen. */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
const MASKABLE_SIZES = [192, 512] as const;
const APPLE_TOUCH_SIZE = 180;

/** The manifest's file of a language (`lib/language-packs.ts` names the same files). */
export const manifestFile = (lang: Language | 'default') => (lang === 'default' ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`);

const packOf = (lang: Language) => JSON.parse(fs.readFileSync(path.join(PACKS, `${lang}.json`), 'utf8')) as Record<string, string>;

/** Every language but the default one, with its texts: each has its manifest, so the home screen shows the name the member reads. */
export function manifestLanguages(): Array<{ lang: Language; name: string; description: string }> {
  return LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).map((lang) => ({ lang, name: packOf(lang)['app.name']!, description: packOf(lang)['app.manifest.description']! }));
}

// `lang` is the manifest's BCP 47 tag (ja-JP, ms-MY), never the wire's own codes (jp, may), which browsers do not know.
function manifest(name: string, description: string, lang: Language) {
  return {
    id: '/h5/',
    name,
    short_name: name,
    description,
    lang: LANGUAGE_TAGS[lang],
    dir: 'ltr',
    start_url: '/h5/#/pages/tabbar/index',
    scope: '/h5/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['shopping'],
    icons: [
      ...ICON_SIZES.map((s) => ({ src: `icons/icon-${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
      ...MASKABLE_SIZES.map((s) => ({ src: `icons/maskable-${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'maskable' })),
    ],
  };
}

/** The favicon's bag on a square that fills the icon, inside the safe zone a launcher's mask keeps. */
function maskableSvg(favicon: string): string {
  const fill = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? THEME_COLOUR;
  const drawing = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(12.8 12.8) scale(0.6)">${drawing}</g></svg>`;
}

/** The manifests, the icons, the release's id in the document (`<meta name="shop-release">`) and the favicon written into it. */
export function installableApp(): Plugin {
  const favicon = fs.readFileSync(path.join(ROOT, 'public/favicon.svg'), 'utf8');
  return {
    name: 'shop-installable-app',
    apply: 'build',
    async generateBundle() {
      const base = packOf(DEFAULT_LANGUAGE);
      const emit = (fileName: string, source: string | Uint8Array) => this.emitFile({ type: 'asset', fileName, source });
      emit(manifestFile('default'), JSON.stringify(manifest(base['app.name']!, base['app.manifest.description']!, DEFAULT_LANGUAGE), null, 2));
      for (const m of manifestLanguages()) emit(manifestFile(m.lang), JSON.stringify(manifest(m.name, m.description, m.lang), null, 2));
      const png = (svg: string, size: number) => sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
      for (const s of ICON_SIZES) emit(`icons/icon-${s}.png`, await png(favicon, s));
      for (const s of MASKABLE_SIZES) emit(`icons/maskable-${s}.png`, await png(maskableSvg(favicon), s));
      // iOS puts the touch icon on its own square: the maskable drawing, without transparent corners.
      emit('icons/apple-touch-icon.png', await png(maskableSvg(favicon), APPLE_TOUCH_SIZE));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The release is named by its files: the same build gives the same name.
        const files = Object.keys(ctx.bundle ?? {}).sort().join('\n');
        const release = createHash('sha256').update(files).digest('hex').slice(0, 10);
        // The favicon in the document itself (a quarter of a KB): the browser asks for it while the first
        // screen loads, and it held one of the six connections the screen's files share.
        const link = '<link rel="icon" type="image/svg+xml" href="./favicon.svg" />';
        if (!html.includes(link)) throw new Error('index.html has no favicon link');
        return html
          .replace('</title>', `</title>\n    <meta name="shop-release" content="${release}" />`)
          .replace(link, () => `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(favicon.trim())}" />`);
      },
    },
  };
}

/**
 * The service worker (`sw/sw.ts`), built with the list of the release's files to precache: code,
 * styles, icons, manifests and the document. Registered by the app itself once the page is usable
 * (`lib/offline-support.ts`), never by an injected script.
 */
export const offlineWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    registerType: 'prompt',
    injectManifest: {
      globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg', 'icons/*.png', '*.webmanifest'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'config.js'],
      // Hashed file names need no revision of their own.
      dontCacheBustURLsMatching: /-[A-Za-z0-9_-]{8}\.(js|css)$/,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
