import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { deliverOwedLogoutsWhenPossible } from '@/app/owed-logouts';
import { refreshTokenAtStart } from '@/app/token-refresh';
import { firstScreenPaths, paths } from '@/config/paths';
import { prefetchFirstScreen } from '@/features/catalogue/first-screen-data';
import { firstFilesReleased } from '@/lib/early-answers';
import { preloadToast } from '@/lib/toast';
import { listenForInstallPrompt } from '@/lib/install-prompt';
import { applyLaunchParams, followLaunchLanguage } from '@/lib/launch-params';
import { takeDraftsLeftOpen } from '@/lib/open-drafts';
import { listenForShell } from '@/lib/shell-ready';
import { afterFirstContentfulPaint, whenPageUsable } from '@/lib/page-usable';
import { linkManifest, loadLanguage, loadRestOfPack } from '@/lib/language-packs';
import { watchNetwork } from '@/lib/network';
import { decideRegion } from '@/lib/region';
import { keepScrollStripsReachable } from '@/lib/scroll-strips';
import { useLanguage } from '@/stores/language';
// antd-mobile's global styles: the build imports its components one by one (chunking.ts), never its index.
import 'antd-mobile/es/global';
import './app/styles.css';

/** How long after its texts the first screen waits for its page's code and data before rendering without them. */
const FIRST_SCREEN_WAIT_MS = 300;

async function start() {
  // The shell's ready event and the browser's install offer may come while the app loads.
  listenForShell();
  listenForInstallPrompt();
  applyLaunchParams();
  // The hash wins later too: a `lang` it comes to name switches the open app.
  followLaunchLanguage();
  // Forms open on this page when the last load of this tab ended (a reload) get their text back.
  takeDraftsLeftOpen();
  // The page's code loads alongside the language pack, not after the first render.
  const [hashPath = '', hashQuery = ''] = window.location.hash.replace(/^#/, '').split('?');
  const startPath = hashPath === '/' || hashPath === '' ? paths.tabbar.home : hashPath;
  // On the home page the splash draws the first banner first: its picture has the connection to itself.
  await firstFilesReleased();
  const firstPage = preloadPagesFor(routes, startPath);
  // The first page's data (and from it its largest paint) is fetched before the page renders.
  const firstScreenData = prefetchFirstScreen(startPath, new URLSearchParams(hashQuery));
  watchNetwork();
  // The region is decided in the background; the last decided one (or the default) is used meanwhile.
  void decideRegion();
  // First paint waits for the texts: at once from the cached pack, else from the server (the splash
  // shows meanwhile); a first screen waits only for its part of the pack, the rest follows its paint.
  try {
    await loadLanguage(useLanguage.getState().lang, { firstPart: firstScreenPaths.includes(startPath) });
  } catch {
    // The app shows, with whatever texts it has, rather than a splash that never ends.
  }
  // The first screen renders whole at once when its page's code and data follow the texts within a
  // moment; what is slower is not waited for (the page shows its own loading state meanwhile).
  await Promise.race([Promise.all([firstPage, firstScreenData]), new Promise((go) => setTimeout(go, FIRST_SCREEN_WAIT_MS))]);
  // Once a day the stored token is exchanged for a fresh one; calls that carry it wait for it.
  void refreshTokenAtStart();
  // A logout tapped without a network still ends the session on the server.
  deliverOwedLogoutsWhenPossible();
  const root = document.getElementById('root')!;
  keepScrollStripsReachable(root);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  document.getElementById('splash')?.remove();
  // The rest of a pack loaded in part, once the first screen has shown its first text (a frame or two
  // after this render: asked for sooner, it shared a slow network with the screen's own files).
  afterFirstContentfulPaint(() => void loadRestOfPack());
  // Installable, offline support and new releases: the manifest is linked and the worker registered
  // once the page is usable, never before its first paint. The toasts' code (with its animation
  // library, about 100 ms of a phone's main thread to run) is loaded then too: a toast asked for
  // sooner loads it itself.
  whenPageUsable(() => {
    linkManifest();
    preloadToast();
    if (import.meta.env.PROD) void import('@/lib/offline-support').then((m) => m.startOfflineSupport());
  });
}

void start();
