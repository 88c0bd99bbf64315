import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { getGoods } from '../../packages/contract/src/catalogue/catalogue.endpoints';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../packages/contract/src/common/languages';
import { HOME_PICTURE_META, homeDataRoute } from '../../packages/contract/src/content/home-data.route';
import { languagePackRoute } from '../../packages/contract/src/lang/language-pack.route';
import { deepLibraryImports, firstScreenChunks } from './chunking';
import { CONTRACT_ZOD, wireOnlyContract } from './contract-wire';
import { earlyRequestsSource } from './early-requests';
import { installableApp, offlineWorker } from './pwa';
import { firstScreenPaths, paths } from './src/config/paths';
import { GOODS_GALLERY_SIZES, HOME_BANNER_SIZES, MEDIA_WIDTHS, RESIZABLE_MEDIA } from './src/config/pictures';
import { storageKeys } from './src/lib/storage';

const src = fileURLToPath(new URL('./src', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:8080';
// Every API path prefix the app calls; `npm run dev` proxies them to the API server.
const apiPrefixes = ['/user', '/web', '/attractive', '/shop', '/coin', '/oms', '/airwallex', '/upload2', '/health', '/ready'];

/** `react`, `react-dom` and their entry points, answered by `preact/compat`. */
export const reactToPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * antd-mobile's default render (antd-default-render.ts says why it is never called) answered by a
 * stub in the build: its code, rc-util's CommonJS render and Babel's regenerator runtime, leaves the
 * entry every page waits for.
 */
function withoutDefaultAntdRender(): Plugin {
  return {
    name: 'shop-without-default-antd-render',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source, importer) => (source === './render' && importer && /[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/.test(importer) ? `${src}/lib/antd-default-render.ts` : null),
  };
}

// What a first visit loads before its page shows: the code every page waits for, then the pages
// members most often open first (chunking.ts).
const firstScreens = firstScreenChunks([
  { module: `${src}/lib/antd-render.ts` },
  { module: `${src}/features/catalogue/pages/home-page.tsx`, paths: [paths.root, paths.tabbar.home], afterPicture: true },
  { module: `${src}/features/catalogue/pages/goods-info-page.tsx`, paths: [paths.goods.details], afterPicture: true },
  { module: `${src}/features/account/pages/login-page.tsx`, paths: [paths.login.login] },
], earlyRequestsSource({
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  keys: { lang: storageKeys.lang, session: storageKeys.session, region: storageKeys.region },
  // The first screen's calls, as `lib/language-packs.ts` and the goods page make them for a first visitor.
  calls: [
    // The pack: on a first screen only its first part (the app asks for the rest once the page is painted).
    { path: languagePackRoute.path, query: { client: 'h5', part: 'first' }, pages: [...firstScreenPaths], unlessStored: storageKeys.langPack('{lang}') },
    { path: languagePackRoute.path, query: { client: 'h5' }, notPages: [...firstScreenPaths], unlessStored: storageKeys.langPack('{lang}') },
    // The goods, and as soon as they answer the gallery's first picture, the page's largest paint, shown in
    // the splash where the gallery will show it.
    {
      path: getGoods.path,
      query: { id: '#id' },
      pages: [paths.goods.details],
      preloadImage: { at: ['data', 'images', 0], widths: MEDIA_WIDTHS, sizes: GOODS_GALLERY_SIZES, resizable: RESIZABLE_MEDIA, splash: 'goods' },
    },
    // The home data, and its first banner, the page's largest paint, shown in the splash where the page
    // will show it: at once when the document names it, else as soon as the data answers (without the
    // early script, `first-screen-data.ts` preloads it).
    {
      path: homeDataRoute.path,
      query: {},
      pages: [paths.root, paths.tabbar.home],
      preloadImage: { at: ['data', 'banners', 0, 'image'], widths: MEDIA_WIDTHS, sizes: HOME_BANNER_SIZES, resizable: RESIZABLE_MEDIA, splash: 'home', hint: HOME_PICTURE_META },
    },
  ],
}));

const config: UserConfig = {
  base: '/h5/',
  plugins: [react(), wireOnlyContract(), deepLibraryImports(), withoutDefaultAntdRender(), firstScreens.plugin, installableApp(), offlineWorker(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // Preact's React layer instead of React DOM: the same components at a tenth of the size on
      // the first screen (docs/decisions/2026-11-23-first-paint-budget.md). Exact names only.
      ...reactToPreact,
      { find: /^resize-observer-polyfill$/, replacement: `${src}/lib/native-resize-observer.ts` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: firstScreens.groups } },
      treeshake: {
        // The contract declares 240 calls with zod schemas; a page keeps only the ones it imports.
        moduleSideEffects: (id) => (id.includes('/packages/contract/src/') ? false : undefined),
        // Names are matched in every module, minified libraries included: no one-letter names here
        // (`z` once matched Preact's own diff function and removed its calls).
        manualPureFunctions: ['endpoint', 'Object.freeze', CONTRACT_ZOD],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: api, changeOrigin: true }])),
  },
};

export default defineConfig(({ command }) => {
  // A build is always the production bundle: NODE_ENV=development left in a shell would otherwise
  // build React's development bundle (three times larger). Vite reads it after loading this file,
  // so no shell-specific `NODE_ENV=…` prefix is needed (Windows included).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
