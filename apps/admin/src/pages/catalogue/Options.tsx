import type { adminSpecSchema } from '@shop/contract/catalogue';
import type { Language } from '@shop/contract/common';
import { Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LANGUAGE_NAMES } from '../../lib/i18n';

export type Spec = z.infer<typeof adminSpecSchema>;
type Texts = Spec['name'];

/** The next id not used by any option or value (ids stay unique within the goods). */
const nextId = (specs: Spec[]) => Math.max(0, ...specs.flatMap((s) => [s.id, ...s.values.map((v) => v.id)])) + 1;

/** Every combination of one value of each option, in order: the SKUs the options make. */
export function combinations(specs: Spec[]): number[][] {
  return specs.reduce<number[][]>((acc, s) => acc.flatMap((ids) => s.values.map((v) => [...ids, v.id])), [[]]);
}

function TextsRow({ texts, shown, label, onChange }: { texts: Texts; shown: Language[]; label: string; onChange: (t: Texts) => void }) {
  return (
    <Space wrap>
      {shown.map((lang) => (
        <Input
          key={lang}
          value={texts[lang] ?? ''}
          placeholder={LANGUAGE_NAMES[lang]}
          aria-label={`${label} ${LANGUAGE_NAMES[lang]}`}
          onChange={(e) => onChange({ ...texts, [lang]: e.target.value })}
          style={{ width: 160, maxWidth: '100%' }}
        />
      ))}
    </Space>
  );
}

/** The goods' options (size, colour …) and their values, named in the languages shown side by side. */
export function Options({ specs, shown, onChange }: { specs: Spec[]; shown: Language[]; onChange: (s: Spec[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, s: Spec) => onChange(specs.map((x, j) => (j === i ? s : x)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {specs.map((s, i) => (
        <div key={s.id} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 12 }} data-testid={`option-${i}`}>
          <Space align="start" wrap>
            <Typography.Text strong style={{ display: 'inline-block', width: 80 }}>
              {t('console.catalogue.editor.spec')}
            </Typography.Text>
            <TextsRow texts={s.name} shown={shown} label={t('console.catalogue.editor.spec')} onChange={(name) => set(i, { ...s, name })} />
            <Button danger size="small" onClick={() => onChange(specs.filter((_, j) => j !== i))}>
              {t('console.catalogue.editor.remove')}
            </Button>
          </Space>
          {s.values.map((v, k) => (
            <Space key={v.id} align="start" wrap style={{ marginTop: 8, paddingInlineStart: 88 }}>
              <TextsRow texts={v.name} shown={shown} label={t('console.catalogue.editor.value')} onChange={(name) => set(i, { ...s, values: s.values.map((x, j) => (j === k ? { ...x, name } : x)) })} />
              <Button size="small" disabled={s.values.length === 1} onClick={() => set(i, { ...s, values: s.values.filter((_, j) => j !== k) })}>
                {t('console.catalogue.editor.remove')}
              </Button>
            </Space>
          ))}
          <div style={{ marginTop: 8, paddingInlineStart: 88 }}>
            <Button size="small" onClick={() => set(i, { ...s, values: [...s.values, { id: nextId(specs), name: {} }] })} data-testid={`add-value-${i}`}>
              {t('console.catalogue.editor.addValue')}
            </Button>
          </div>
        </div>
      ))}
      <Button onClick={() => onChange([...specs, { id: nextId(specs), name: {}, values: [{ id: nextId(specs) + 1, name: {} }] }])} data-testid="add-option">
        {t('console.catalogue.editor.addOption')}
      </Button>
    </Space>
  );
}
