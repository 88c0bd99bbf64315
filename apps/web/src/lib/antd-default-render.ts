/**
 * What antd-mobile's default render of its popups, toasts and dialogs is answered by in the built
 * app (vite.config.ts): the default (React 18's `ReactDOM.render`, through rc-util's CommonJS build
 * and Babel's regenerator runtime) is never called, since the app registers React 19's root API
 * before any popup shows (antd-render.ts). One called anyway says so instead of drawing nothing.
 */
export function render(): never {
  throw new Error('antd-mobile drew before registerAntdRender() was called');
}

export async function unmount(): Promise<void> {}
