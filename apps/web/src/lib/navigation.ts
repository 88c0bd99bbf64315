import { paths } from '@/config/paths';
import { useLocation, useNavigate } from '@/lib/router';

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
 * The login page (or another sign-in page: `page`), sending the member on to `address` (a page of
 * the app with its query) once logged in: the sign-in pages read it from `redirect` and follow only
 * the app's own pages.
 */
export const loginAddressFor = (address: string, page: string = paths.login.login): string => `${page}?redirect=${encodeURIComponent(address)}`;

/**
 * The way every page sends a visitor to sign in: `signIn()` opens the login page, and once logged
 * in the member is back on the page they are on (with its query); `signIn({ to })` sends them on to
 * the page they were going to instead, `signIn({ page })` opens another sign-in page (registration).
 * `signInAddress` is the same address, for a link.
 */
export function useSignIn(): { signIn: (options?: SignInOptions) => void; signInAddress: (options?: SignInOptions) => string } {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signInAddress = ({ to, page }: SignInOptions = {}) => loginAddressFor(to ?? `${pathname}${search}`, page);
  return { signIn: (options) => navigate(signInAddress(options)), signInAddress };
}

interface SignInOptions {
  /** Where to go once signed in: the page the member is on unless given. */
  to?: string;
  /** The sign-in page to open: login unless given. */
  page?: string;
}
