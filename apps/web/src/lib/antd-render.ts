import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { onMotionSettingChange, prefersReducedMotion } from './motion';

let registered = false;

/**
 * antd-mobile's imperative Toast and Dialog render through React 19's root API (else they throw), and
 * its popups, dialogs and toasts follow the visitor's motion preference: for one who asked their system
 * for less motion they appear and go without sliding or zooming, and follow a change of that setting.
 * Registered before any page or toast shows (lazy-page.tsx, toast-impl.ts); part of the entry's code.
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
  // The switch lives in the animation library, which the first screen does not load: it is fetched
  // only once the visitor asks for less motion (a popup opened in that moment still animates).
  let asked = false;
  const follow = (less: boolean) => {
    asked ||= less;
    if (asked) void import('./antd-motion').then((m) => m.followMotionPreference(less));
  };
  follow(prefersReducedMotion());
  onMotionSettingChange(follow);
}
