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
  const hash = window.location.hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}
