import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@shop/contract/common';
import { changeLanguage, LANGUAGE_NAMES } from '../lib/i18n';

/** Switches the console's language (kept for the next visit). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((l) => ({ key: l, label: <span lang={l} data-testid={`language-${l}`}>{LANGUAGE_NAMES[l]}</span> })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button aria-label={t('console.app.language')} data-testid="language">
        {LANGUAGE_NAMES[current] ?? current}
      </Button>
    </Dropdown>
  );
}
