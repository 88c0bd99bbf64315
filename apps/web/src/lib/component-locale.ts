import { setDefaultConfig } from 'antd-mobile';
import type { Language } from '@shop/contract/common';

type LocaleModule = { default: Parameters<typeof setDefaultConfig>[0]['locale'] };

// antd-mobile's own texts (dialog buttons, "loading", "no more") in the member's language; one small chunk each.
// Khmer has no antd-mobile locale: English stands in.
const loaders: Record<Language, () => Promise<LocaleModule>> = {
  'en-us': () => import('antd-mobile/es/locales/en-US'),
  'zh-cn': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-tw': () => import('antd-mobile/es/locales/zh-TW'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  may: () => import('antd-mobile/es/locales/ms-MY'),
  hu: () => import('antd-mobile/es/locales/hu-HU'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  km: () => import('antd-mobile/es/locales/en-US'),
  th: () => import('antd-mobile/es/locales/th-TH'),
};

/** Sets antd-mobile's built-in texts to `lang` (its default would be Chinese). */
export async function applyComponentLocale(lang: Language): Promise<void> {
  try {
    const { default: locale } = await loaders[lang]();
    if (locale) setDefaultConfig({ locale });
  } catch {
    // Keep the previous texts: a missing locale chunk must not stop the app.
  }
}
