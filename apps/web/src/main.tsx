import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { App } from '@/app/app';
import { applyLaunchParams } from '@/lib/launch-params';
import { loadLanguage } from '@/lib/language-packs';
import { watchNetwork } from '@/lib/network';
import { decideRegion } from '@/lib/region';
import { useLanguage } from '@/stores/language';
import './app/styles.css';

// antd-mobile's imperative Toast and Dialog render through React 19's root API.
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  c._reactRoot ??= createRoot(container);
  const root = c._reactRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete c._reactRoot;
  };
});

async function start() {
  applyLaunchParams();
  watchNetwork();
  // The region is decided in the background; the last decided one (or the default) is used meanwhile.
  void decideRegion();
  // First paint waits for the texts: at once from the cached pack, else from the server (the splash shows meanwhile).
  await loadLanguage(useLanguage.getState().lang);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  document.getElementById('splash')?.remove();
}

void start();
