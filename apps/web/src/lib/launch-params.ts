import { useLanguage, parseLanguage } from '@/stores/language';
import { switchLanguage } from '@/lib/language-packs';
import { queryClient } from '@/lib/query-client';
import { useNativeShell, useShareCode } from '@/stores/app-flags';

export interface LaunchParams {
  isFlutter?: boolean;
  shareCode?: string;
  lang?: string;
}

/** Launch parameters may come before the hash (`/h5/?lang=jp#/…`) or inside it (`#/…?lang=jp`); the hash wins. */
export function readLaunchParams(location: Pick<Location, 'search' | 'hash'> = window.location): LaunchParams {
  const before = new URLSearchParams(location.search);
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const inside = new URLSearchParams(hashQuery);
  const get = (name: string) => inside.get(name) ?? before.get(name) ?? undefined;
  const flutter = get('isFlutter');
  return {
    isFlutter: flutter === undefined ? undefined : !['0', 'false', ''].includes(flutter.toLowerCase()),
    shareCode: get('shareCode')?.trim().slice(0, 64) || undefined,
    lang: get('lang'),
  };
}

/** Applies the launch parameters to the stores: native shell flag, referral code, language. */
export function applyLaunchParams(params: LaunchParams = readLaunchParams()): void {
  if (params.isFlutter !== undefined) useNativeShell.getState().setNativeShell(params.isFlutter);
  if (params.shareCode) useShareCode.getState().setShareCode(params.shareCode);
  const lang = parseLanguage(params.lang);
  if (lang) useLanguage.getState().setLang(lang);
}

/**
 * Keeps following the `lang` launch parameter once the app is open: a hash that comes to name another
 * language (a link, the native shell) switches the app to it as the member's own choice does (its texts,
 * the document's `lang`, the server's data asked again in it). Answers the way to stop.
 */
export function followLaunchLanguage(): () => void {
  const follow = () => {
    const lang = parseLanguage(readLaunchParams().lang);
    if (!lang || lang === useLanguage.getState().lang) return;
    void switchLanguage(lang)
      .then(() => queryClient.invalidateQueries())
      .catch(() => {
        // The pack could not be had: the app keeps the texts it shows (the language pack code says so).
      });
  };
  window.addEventListener('hashchange', follow);
  return () => window.removeEventListener('hashchange', follow);
}
