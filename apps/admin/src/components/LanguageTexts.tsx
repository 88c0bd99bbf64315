import { Checkbox, Input, Space, Typography } from 'antd';
import { LANGUAGES, type Language } from '@shop/contract/common';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, type AnyForm } from '../lib/form';
import { LANGUAGE_NAMES } from '../lib/i18n';

const KEY = 'admin.catalogue.languages';

/** The text an operator reads: the console's language, else English, else any. */
export const nameIn = (texts: Partial<Record<string, string>>, lang: string): string => texts[lang] || texts['en-us'] || Object.values(texts).find(Boolean) || '';

/** The languages an operator edits side by side (English always), kept between visits. */
export function useShownLanguages(): [Language[], (l: Language[]) => void] {
  const { i18n } = useTranslation();
  const [shown, setShown] = useState<Language[]>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Language[] | null;
      if (Array.isArray(saved)) return LANGUAGES.filter((l) => l === 'en-us' || saved.includes(l));
    } catch {
      // A damaged setting: start again from the default.
    }
    return LANGUAGES.filter((l) => l === 'en-us' || l === 'zh-cn' || l === i18n.language);
  });
  return [
    shown,
    (l) => {
      const next = LANGUAGES.filter((x) => x === 'en-us' || l.includes(x));
      localStorage.setItem(KEY, JSON.stringify(next));
      setShown(next);
    },
  ];
}

/** The languages any of `texts` has words in: an editor shows them whatever the operator chose, so no text is edited unseen. */
export const languagesWithText = (...texts: Array<Partial<Record<string, string>> | undefined>): Language[] =>
  LANGUAGES.filter((l) => texts.some((x) => (x?.[l] ?? '').trim() !== ''));

/**
 * What an editor of one item shows: the operator's `chosen` languages and every language its `texts`
 * have words in (`kept`: ticked and fixed, so no text is edited unseen), and `choose`, which saves a
 * new choice without counting the kept ones as chosen.
 */
export function editorLanguages(
  chosen: Language[],
  setChosen: (l: Language[]) => void,
  ...texts: Array<Partial<Record<string, string>> | undefined>
): { shown: Language[]; kept: Language[]; choose: (l: Language[]) => void } {
  const kept = languagesWithText(...texts);
  return {
    shown: LANGUAGES.filter((l) => chosen.includes(l) || kept.includes(l)),
    kept,
    choose: (next) => setChosen(next.filter((l) => !kept.includes(l) || chosen.includes(l))),
  };
}

/** Which languages are shown side by side; `kept` are shown whatever is chosen (they have text), ticked and fixed. */
export function LanguagePicker({ shown, onChange, kept = [] }: { shown: Language[]; onChange: (l: Language[]) => void; kept?: Language[] }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Typography.Text type="secondary">{t('console.catalogue.languages')}</Typography.Text>
      <Checkbox.Group
        value={shown}
        onChange={(v) => onChange(v as Language[])}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], disabled: l === 'en-us' || kept.includes(l) }))}
        data-testid="languages"
      />
    </Space>
  );
}

export interface TextField {
  /** The form field holding `{ language: text }`. */
  name: string;
  label: string;
  max: number;
  multiline?: boolean;
}

/** One row per language, one column per text: every language of a name side by side (fields `<name>.<language>` of the form). */
export function LanguageTexts({ form, fields, shown }: { form: AnyForm; fields: TextField[]; shown: Language[] }) {
  const { t } = useTranslation();
  const columns = `120px repeat(${fields.length}, minmax(0, 1fr))`;
  return (
    <div role="table" style={{ display: 'grid', gridTemplateColumns: columns, gap: '4px 12px', alignItems: 'start' }}>
      <span />
      {fields.map((f) => (
        <Typography.Text key={f.name} strong role="columnheader">
          {f.label}
        </Typography.Text>
      ))}
      {shown.map((lang) => (
        <div key={lang} role="row" style={{ display: 'contents' }}>
          <Typography.Text style={{ paddingTop: 5 }}>{LANGUAGE_NAMES[lang]}</Typography.Text>
          {fields.map((f) => (
            <FormField<FieldValues> key={f.name} form={form} name={`${f.name}.${lang}`} style={{ marginBottom: 8 }} message={t('console.catalogue.editor.required')}>
              {f.multiline ? (
                <Input.TextArea rows={2} maxLength={f.max} aria-label={`${f.label} ${LANGUAGE_NAMES[lang]}`} data-testid={`${f.name}-${lang}`} />
              ) : (
                <Input maxLength={f.max} aria-label={`${f.label} ${LANGUAGE_NAMES[lang]}`} data-testid={`${f.name}-${lang}`} />
              )}
            </FormField>
          ))}
        </div>
      ))}
    </div>
  );
}
