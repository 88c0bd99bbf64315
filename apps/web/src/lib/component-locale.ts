import { createElement, useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { base } from 'antd-mobile/es/locales/base';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, normalizeLanguage, type Language } from '@shop/contract/common';
import { useTranslation, type TFunction } from '@/lib/i18n';

// antd-mobile's own texts (a stepper's "decrease"/"increase", dialog buttons, "no more", pull to
// refresh, the calendar…) come from the app's language packs (`app.component.*`, in the first part of
// the pack, so a first screen has them): antd-mobile has no Khmer locale, and its Hungarian and Malay
// ones leave much in English or are not exported. Its English base is already in every build (its
// Chinese default extends it), so nothing is added to the first screen's files. Form's validation
// templates stay English: the app validates with its own schemas and messages.

export type ComponentLocale = typeof base;

/** antd-mobile's locale in `lang`, its texts written by `t`. */
export function componentLocale(t: TFunction, lang: Language): ComponentLocale {
  return mergeLocale(base, {
    locale: LANGUAGE_TAGS[lang],
    common: { confirm: t('app.component.confirm'), cancel: t('app.component.cancel'), loading: t('app.component.loading'), close: t('app.component.close') },
    Calendar: {
      title: t('app.component.calendarTitle'),
      confirm: t('app.component.confirm'),
      start: t('app.component.start'),
      end: t('app.component.end'),
      startAndEnd: t('app.component.startAndEnd'),
      today: t('app.component.today'),
      markItems: t('app.component.weekdays').split(','),
      // antd-mobile fills its own `${year}` and `${month}`.
      yearAndMonth: t('app.component.yearAndMonth', { year: '${year}', month: '${month}' }),
    },
    Cascader: { placeholder: t('app.component.selectPlaceholder') },
    Dialog: { ok: t('app.component.ok') },
    DatePicker: { tillNow: t('app.component.tillNow') },
    ErrorBlock: {
      default: { title: t('app.component.errorTitle'), description: t('app.component.errorText') },
      busy: { title: t('app.component.busyTitle'), description: t('app.component.busyText') },
      disconnected: { title: t('app.component.offlineTitle'), description: t('app.component.offlineText') },
      empty: { title: t('app.component.emptyTitle'), description: t('app.component.emptyText') },
    },
    Form: { required: t('app.component.required'), optional: t('app.component.optional') },
    ImageUploader: { uploading: t('app.component.uploading'), upload: t('app.component.upload') },
    InfiniteScroll: { noMore: t('app.component.noMore'), failedToLoad: t('app.component.loadFailed'), retry: t('app.component.retry') },
    Input: { clear: t('app.component.clear') },
    Mask: { name: t('app.component.mask') },
    Modal: { ok: t('app.component.ok') },
    NumberKeyboard: { backspace: t('app.component.backspace') },
    PasscodeInput: { name: t('app.component.passcode') },
    PullToRefresh: { pulling: t('app.component.pulling'), canRelease: t('app.component.canRelease'), complete: t('app.component.refreshed') },
    SearchBar: { name: t('app.component.search') },
    Slider: { name: t('app.component.slider') },
    Stepper: { decrease: t('app.component.decrease'), increase: t('app.component.increase') },
    Switch: { name: t('app.component.switch') },
    Selector: { name: t('app.component.selector') },
  }) as ComponentLocale;
}

// The locale last made and what it was made of: a change of other texts hands the components the same object, so they do not render again.
let last: { signature: string; locale: ComponentLocale } | undefined;

/** antd-mobile's locale in the app's language and texts now; the same object while its texts stay the same. */
function currentLocale(t: TFunction, lang: Language): ComponentLocale {
  const made = componentLocale(t, lang);
  const signature = JSON.stringify(made);
  if (last?.signature !== signature) last = { signature, locale: made };
  return last.locale;
}

/**
 * Gives antd-mobile's components under it the app's language, switched with it. Dialogs and toasts
 * opened by a call (`Dialog.confirm`) are drawn outside the tree: they read the default config, set
 * here too.
 */
export function ComponentTexts({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const locale = useMemo(() => currentLocale(t, lang), [t, lang]);
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return createElement(ConfigProvider, { locale }, children);
}
