import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Language } from '@shop/contract/common';

type LocaleModule = { default: Parameters<typeof setDefaultConfig>[0]['locale'] };

// antd-mobile's own texts (dialog buttons, "loading", "no more") in the member's language; one small
// chunk each, but the default language's (English, 2 KB) comes with the app: a first visit paints
// without waiting one more round trip for it. Khmer has no antd-mobile locale: English stands in.
const english = async (): Promise<LocaleModule> => ({ default: enUS });
const loaders: Record<Language, () => Promise<LocaleModule>> = {
  'en-us': english,
  'zh-cn': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-tw': () => import('antd-mobile/es/locales/zh-TW'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  may: () => import('antd-mobile/es/locales/ms-MY'),
  hu: () => import('antd-mobile/es/locales/hu-HU'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  km: english,
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
