import { useSearchParams, type NavigateOptions } from '@/lib/router';
import { allPagePaths, paths } from '@/config/paths';
import { safeReturnPath } from './form-check';

// The sign-in pages themselves are never where a sign-in ends.
const signInPages: readonly string[] = [paths.login.login, paths.login.register, paths.login.forgotPassword, paths.other.humanCheck];

/**
 * How a finished sign-in leaves for the page that sent the member: back to it when it is behind, past
 * the other sign-in pages gone through on the way (login → sign-up), so one Back then leaves it.
 */
export const backPastSignInPages: NavigateOptions = { returnIfBehind: true, returnOver: signInPages };

/** The page a member who has just signed in may be sent on to: one of the app's own pages, else none. */
export function signInReturnPath(value: string | null | undefined): string | undefined {
  const address = safeReturnPath(value, '');
  const path = address.split('?')[0]!;
  return address && (allPagePaths as readonly string[]).includes(path) && !signInPages.includes(path) ? address : undefined;
}

/**
 * Where the sign-in pages (login, registration, forgotten password, the human check between them)
 * send the member once signed in: the page they were going to (`?redirect=`), else "Me". `carry`
 * keeps that page on the way from one sign-in page to the next.
 */
export function useReturnPath(): { after: string; carry: (path: string) => string } {
  const [params] = useSearchParams();
  const target = signInReturnPath(params.get('redirect'));
  return {
    after: target ?? paths.tabbar.my,
    carry: (path) => (target ? `${path}?redirect=${encodeURIComponent(target)}` : path),
  };
}
