import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

let registered = false;

/**
 * antd-mobile's imperative Toast and Dialog render through React 19's root API (else they throw).
 * Registered before any page or toast shows (lazy-page.tsx, toast-impl.ts), outside the first screen's code.
 */
export function registerAntdRender(): void {
  if (registered) return;
  registered = true;
  unstableSetRender((node, container) => {
    const c = container as (Element | DocumentFragment) & { _shopRoot?: Root };
    c._shopRoot ??= createRoot(container);
    const root = c._shopRoot;
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      delete c._shopRoot;
    };
  });
}
