/**
 * The browser's own ResizeObserver, in place of `resize-observer-polyfill` (which antd-mobile's
 * hooks import) in the built app: every browser the build targets has one, and the polyfill's
 * code, which hands back the native one anyway, was about 2.5 KB (gzipped) of the home, goods and
 * login first screens.
 */
export default globalThis.ResizeObserver;
