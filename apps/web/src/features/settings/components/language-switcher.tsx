import { useState } from 'react';
import { CheckList, List, Popup, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shop/contract/common';
import { switchLanguage } from '@/lib/language-packs';
import { useLanguage } from '@/stores/language';
import { useTranslation } from '@/lib/i18n';

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
      <List.Item extra={LANGUAGE_NAMES[lang]} onClick={() => setOpen(true)} arrowIcon>
        {t('app.settings.language')}
      </List.Item>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="language-popup" position="bottom">
        <div className="popup-title">{t('app.settings.chooseLanguage')}</div>
        <CheckList value={[lang]} onChange={(v) => v[0] && void choose(v[0] as Language)}>
          {LANGUAGES.map((l) => (
            <CheckList.Item key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}
