import { useState } from 'react';
import { List, Toast } from 'antd-mobile';
import { Sheet } from '@/components/sheet';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shop/contract/common';
import { switchLanguage } from '@/lib/language-packs';
import { useLanguage } from '@/stores/language';
import { useTranslation } from '@/lib/i18n';
import { TapRow } from '@/components/tap-row';

/**
 * The language entry of the settings list: shows the current language and opens the choice of all
 * nine. Choosing one loads its pack and asks the server's data again in the new language.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLanguage((s) => s.lang);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  const choose = async (next: Language) => {
    setOpen(false);
    if (next === lang) return;
    Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
    try {
      await switchLanguage(next);
      await queryClient.invalidateQueries();
    } finally {
      Toast.clear();
    }
  };

  return (
    <>
      <TapRow extra={LANGUAGE_NAMES[lang]} onClick={() => setOpen(true)}>
        {t('app.settings.language')}
      </TapRow>
      <Sheet label={t('app.settings.chooseLanguage')} visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="language-popup" position="bottom">
        <div className="popup-title" id="language-popup-title">{t('app.settings.chooseLanguage')}</div>
        <div role="radiogroup" aria-labelledby="language-popup-title">
          <List>
            {LANGUAGES.map((l) => (
              <TapRow key={l} checked={l === lang} onClick={() => void choose(l)}>
                {LANGUAGE_NAMES[l]}
              </TapRow>
            ))}
          </List>
        </div>
      </Sheet>
    </>
  );
}
