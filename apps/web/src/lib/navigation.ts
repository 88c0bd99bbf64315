import { paths } from '@/config/paths';

/**
 * Navigation for code outside React (the request client): the router registers itself at start;
 * before that, or in tests without a router, the hash is set directly (the router follows it).
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigator: Navigate | undefined;

export function setNavigator(navigate: Navigate | undefined): void {
  navigator = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    void navigator(to, options);
    return;
  }
  const hash = `#${to}`;
  if (options.replace) window.location.replace(hash);
  else window.location.hash = hash;
}

/** The current page path inside the hash (`#/pages/x?a=1` → `/pages/x`). */
export function currentPath(): string {
  return currentAddress().split('?')[0] || '/';
}

/** The current page with its query (`#/pages/x?a=1` → `/pages/x?a=1`). */
export function currentAddress(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * The login page, sending the member on to `address` (a page of the app with its query) once
 * logged in: the sign-in pages read it from `redirect` and follow only the app's own pages.
 */
export const loginAddressFor = (address: string): string => `${paths.login.login}?redirect=${encodeURIComponent(address)}`;
