import { useLanguage, parseLanguage } from '@/stores/language';
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
