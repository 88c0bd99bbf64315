import { Button, Input, Select, Space, Tag, Typography } from 'antd';
import { ControlRow } from '../../components/ControlRow';
import { keepPreviousData } from '@tanstack/react-query';
import { LANGUAGES, type Language, type EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { QueryTable, type ListSort } from '../../components/QueryTable';
import { call } from '../../lib/request';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { languageTextsRoute, setLanguageTextRoute } from '../../lib/routes-settings';
import type { PendingChange } from '../../components/ReasonedChange';
import { DecisionModal } from '../../components/DecisionModal';

type Row = EndpointData<typeof languageTextsRoute>['list'][number];

/** The member app's texts per language: search, edit one (or restore the shipped text); the pack's version shows what apps load. */
export function LanguageTexts({ ask }: { ask: (c: PendingChange) => void }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>('en-us');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [editing, setEditing] = useState<{ key: string; text: string; shipped: string } | null>(null);
  const [sort, setSort] = useState<ListSort>({});
  const filters = { lang, q: search, ...(sort as { sort?: 'key' }) };
  const query = useEndpointQuery(languageTextsRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const restore = (key: string) =>
    ask({ title: `${LANGUAGE_NAMES[lang]} · ${key}`, send: (reason, idempotencyKey) => call(setLanguageTextRoute, { lang, key, text: null, reason }, { idempotencyKey: idempotencyKey }) });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ControlRow>
        <Select value={lang} onChange={(l) => (setLang(l), setPaging((p) => ({ ...p, page: 1 })))} options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} style={{ width: 200, maxWidth: '100%' }} />
        <Input.Search allowClear placeholder={t('console.settings.page.searchTexts')} onSearch={(v) => (setSearch(v.trim()), setPaging((p) => ({ ...p, page: 1 })))} style={{ width: 360, maxWidth: '100%' }} data-testid="text-search" />
        {query.data && <Tag data-testid="pack-version">{t('console.settings.page.version', { version: query.data.version })}</Tag>}
      </ControlRow>
      <QueryTable<Row>
        query={query}
        rowKey="key"
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: languageTextsRoute, query: filters }}
        columns={[
          { title: t('console.settings.page.key'), dataIndex: 'key', width: 320, sorter: true, render: (k: string) => <Typography.Text code>{k}</Typography.Text> },
          {
            title: t('console.settings.page.text'),
            key: 'text',
            sorter: true,
            render: (_, r) => (
              <Space orientation="vertical" size={2}>
                <span>{r.text}</span>
                {r.changed && <Typography.Text type="secondary">{`${t('console.settings.page.shipped')}: ${r.shipped}`}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('console.common.status'), key: 'changed', width: 120, sorter: true, render: (_, r) => (r.changed ? <Tag color="blue">{t('console.settings.page.changed')}</Tag> : null) },
          {
            title: t('console.common.actions'),
            key: 'a',
            width: 220,
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ key: r.key, text: r.text, shipped: r.shipped })} data-testid={`edit-${r.key}`}>
                  {t('console.settings.page.edit')}
                </Button>
                {r.changed && (
                  <Button size="small" onClick={() => restore(r.key)}>
                    {t('console.settings.page.resetText')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {/* The text and the reason in one dialog: a refused text (empty, a placeholder lost or renamed) is said under the text itself. */}
      <DecisionModal
        open={editing !== null}
        title={editing ? `${t('console.settings.page.editText')} · ${LANGUAGE_NAMES[lang]} · ${editing.key}` : ''}
        question={editing ? <Typography.Text type="secondary">{`${t('console.settings.page.shipped')}: ${editing.shipped}`}</Typography.Text> : null}
        okText={t('console.settings.page.save')}
        fields={[
          { name: 'text', label: t('console.settings.page.text'), required: true, requiredMessage: t('console.settings.page.textEmpty'), multiline: true, maxLength: 5000, initial: editing?.text ?? '' },
          { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
        ]}
        send={(values, idempotencyKey) => call(setLanguageTextRoute, { lang, key: editing!.key, text: values.text ?? '', reason: values.reason ?? '' }, { idempotencyKey })}
        invalidates={[languageTextsRoute]}
        onClose={() => setEditing(null)}
      />
    </Space>
  );
}
