import type { AnyEndpoint } from '@shop/contract/common';
import { Alert, App as AntApp, Button, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Typography, Upload, type TableColumnsType } from 'antd';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDrawer } from '../../components/ModalDrawer';
import { QueryTable, type ListSort } from '../../components/QueryTable';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { FormField, filledTexts, fromLocalInput, toLocalInput, useConsoleForm, type BodySchema, type FieldControlProps } from '../../lib/form';
import { LanguagePicker, LanguageTexts, editorLanguages, useShownLanguages } from '../../components/LanguageTexts';
import { RichTexts } from '../../components/RichTexts';
import { SaveRefused } from '../../components/SaveRefused';
import { usePictureUpload } from '../../lib/upload';

type Values = Record<string, unknown>;
type Translate = (key: string) => string;

/** One field of a content form. */
export type Field =
  | { name: string; label: string; kind: 'texts'; required?: boolean; max: number }
  | { name: string; label: string; kind: 'rich' }
  | { name: string; label: string; kind: 'picture'; required?: boolean }
  /** `hint` says what the field takes; `invalid` is its refusal when the body's schema refuses it. */
  | { name: string; label: string; kind: 'text'; required?: boolean; hint?: string; invalid?: string }
  | { name: string; label: string; kind: 'number' | 'switch' | 'moment' | 'attachments'; required?: boolean }
  | { name: string; label: string; kind: 'select'; options: Array<{ value: string; label: string }> };

export interface ContentConfig {
  /** The test ids' prefix. */
  name: string;
  list: AnyEndpoint;
  save: AnyEndpoint;
  /** The contract's schema of the save call's body, loaded when the form is first checked. */
  schema: () => Promise<BodySchema<Values>>;
  remove?: AnyEndpoint;
  /** The row's key (`id`, or `kind` for agreements). */
  idField?: string;
  paged?: boolean;
  columns: (t: Translate) => TableColumnsType<Values>;
  fields: (t: Translate) => Field[];
  /** A new item's values. */
  blank: () => Values;
  /** What the first column shows in the drawer's title. */
  title: (row: Values, lang: string) => string;
}

const toLocal = toLocalInput;
const fromLocal = fromLocalInput;

/** A picture's address, typed or uploaded; the field's label names the address box. */
function PictureField({ value, onChange, testId, ...control }: { value?: string; onChange?: (v: string) => void; testId: string } & Partial<FieldControlProps>) {
  const { t } = useTranslation();
  const upload = usePictureUpload((uploaded) => onChange?.(uploaded.url));
  return (
    <Space>
      <Input {...control} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="/uploads/…" style={{ width: 420, maxWidth: '100%' }} data-testid={testId} />
      <Upload accept="image/jpeg,image/png,image/gif,image/webp" showUploadList={false} customRequest={upload.customRequest}>
        <Button loading={upload.busy}>{t('console.catalogue.editor.upload')}</Button>
      </Upload>
    </Space>
  );
}

interface Attachment {
  name: string;
  url: string;
  mime: string;
  size: number;
}

/** News attachments: uploaded pictures, or files served elsewhere by https address; a group named by the field's label. */
function AttachmentsField({ value = [], onChange, ...control }: { value?: Attachment[]; onChange?: (v: Attachment[]) => void } & Partial<FieldControlProps>) {
  const { t } = useTranslation();
  const upload = usePictureUpload((up, f) => onChange?.([...value, { name: f.name, url: up.url, mime: up.mime, size: up.size }]));
  const [link, setLink] = useState({ name: '', url: '' });
  return (
    <Space {...control} role="group" orientation="vertical" style={{ width: '100%' }}>
      {value.map((a, i) => (
        <Space key={`${a.url}-${i}`}>
          <a href={a.url} target="_blank" rel="noreferrer">
            {a.name}
          </a>
          <Typography.Text type="secondary">{a.mime}</Typography.Text>
          <Button size="small" danger onClick={() => onChange?.(value.filter((_, j) => j !== i))}>
            {t('console.catalogue.editor.remove')}
          </Button>
        </Space>
      ))}
      <Space wrap>
        <Upload showUploadList={false} customRequest={upload.customRequest}>
          <Button loading={upload.busy}>{t('console.catalogue.editor.upload')}</Button>
        </Upload>
        <Input aria-label={t('console.content.attachmentName')} placeholder={t('console.content.attachmentName')} value={link.name} onChange={(e) => setLink({ ...link, name: e.target.value })} style={{ width: 180, maxWidth: '100%' }} />
        <Input aria-label={t('console.common.linkAddress')} placeholder="https://…" value={link.url} onChange={(e) => setLink({ ...link, url: e.target.value })} style={{ width: 280, maxWidth: '100%' }} />
        <Button
          disabled={!link.name.trim() || !/^https:\/\/\S+$/.test(link.url)}
          onClick={() => {
            onChange?.([...value, { name: link.name.trim(), url: link.url, mime: 'application/octet-stream', size: 0 }]);
            setLink({ name: '', url: '' });
          }}
        >
          {t('console.content.addLink')}
        </Button>
      </Space>
    </Space>
  );
}

/** One row's form; `onReload` reopens it from the row as it is now (after a refusal: changed by someone else since it was opened). */
function ContentForm({ config, editing, onDone, onReload }: { config: ContentConfig; editing: Values; onDone: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [chosen, setChosen] = useShownLanguages();
  const fields = config.fields(t);
  // Every language the item already has text in is shown with the operator's choice: a Thai or Hungarian text is never edited unseen.
  const { shown, kept, choose } = editorLanguages(chosen, setChosen, ...fields.filter((f) => f.kind === 'texts' || f.kind === 'rich').map((f) => editing[f.name] as Partial<Record<string, string>> | undefined));
  const initial = Object.fromEntries(Object.entries(editing).map(([k, v]) => [k, fields.some((f) => f.name === k && f.kind === 'moment') ? toLocal(v) : v]));
  const form = useConsoleForm<Values, Values>({
    schema: config.schema,
    defaultValues: { ...initial, reason: '' },
    toBody: (v) => {
      // The version the row was opened at: a save from a copy changed since is refused rather than undoing that change.
      const body: Values = { ...v, base_updated_at: editing.updated_at, reason: typeof v.reason === 'string' && v.reason.trim() ? v.reason : undefined };
      for (const f of fields) {
        if (f.kind === 'moment') body[f.name] = fromLocal(v[f.name]) ?? (f.required ? '' : undefined);
        if (f.kind === 'texts' || f.kind === 'rich') body[f.name] = filledTexts(v[f.name] as Record<string, string>);
      }
      const idField = config.idField ?? 'id';
      if (idField === 'id' && editing.id !== undefined) body.id = editing.id;
      return body;
    },
  });
  const save = useEndpointMutation(config.save, {
    invalidates: [config.list],
    onSuccess: () => {
      message.success(t('console.content.saved'));
      onDone();
    },
  });
  const required = t('console.catalogue.editor.required');
  return (
    <Form layout="vertical" component="div" data-testid={`${config.name}-form`}>
      <LanguagePicker shown={shown} kept={kept} onChange={choose} />
      <Typography.Paragraph type="secondary">{t('console.catalogue.english')}</Typography.Paragraph>
      {fields.map((f) => {
        const isRequired = 'required' in f && f.required;
        switch (f.kind) {
          case 'texts':
            return (
              <div key={f.name} style={{ marginBottom: 12 }}>
                <LanguageTexts form={form} shown={shown} fields={[{ name: f.name, label: f.label, max: f.max }]} />
              </div>
            );
          case 'rich':
            return (
              <div key={f.name}>
                <Typography.Text strong>{f.label}</Typography.Text>
                <RichTexts form={form} name={f.name} label={f.label} shown={shown} />
              </div>
            );
          case 'picture':
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label} required={isRequired} message={isRequired ? required : undefined}>
                <PictureField testId={`${config.name}-${f.name}`} />
              </FormField>
            );
          case 'attachments':
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label} group>
                <AttachmentsField />
              </FormField>
            );
          case 'number':
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label} required={isRequired}>
                <InputNumber precision={0} />
              </FormField>
            );
          case 'switch':
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label} valuePropName="checked">
                <Switch />
              </FormField>
            );
          case 'moment':
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label} required={isRequired} message={isRequired ? required : undefined}>
                <Input type="datetime-local" style={{ width: 240, maxWidth: '100%' }} data-testid={`${config.name}-${f.name}`} />
              </FormField>
            );
          case 'select':
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label}>
                <Select options={f.options} style={{ width: 240, maxWidth: '100%' }} />
              </FormField>
            );
          default:
            return (
              <FormField key={f.name} form={form} name={f.name} label={f.label} required={isRequired} message={f.invalid ?? (isRequired ? required : undefined)} extra={f.hint}>
                <Input maxLength={500} style={{ maxWidth: 480 }} data-testid={`${config.name}-${f.name}`} />
              </FormField>
            );
        }
      })}
      <FormField form={form} name="reason" label={t('console.catalogue.editor.reasonOptional')}>
        <Input maxLength={300} style={{ maxWidth: 480 }} />
      </FormField>
      {form.unshown && <Alert type="error" showIcon title={form.unshown} style={{ marginBottom: 12 }} />}
      <SaveRefused error={save.error} onReload={onReload} reloadTestId={`reload-${config.name}`} style={{ marginBottom: 12 }} />
      <Button type="primary" onClick={() => void form.submit((body) => save.mutate(body))()} loading={save.isPending} data-testid={`save-${config.name}`}>
        {t('console.catalogue.editor.save')}
      </Button>
    </Form>
  );
}

/** Deletes one item of a list, after a confirmation. */
function DeleteButton({ remove, list, id }: { remove: AnyEndpoint; list: AnyEndpoint; id: number }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const deletion = useEndpointMutation(remove, {
    invalidates: [list],
    onSuccess: () => void message.success(t('console.content.deleted')),
    onError: (e) => void message.error(e.message),
  });
  return (
    <Popconfirm title={t('console.content.deleteQuestion')} okText={t('console.common.confirm')} cancelText={t('console.common.cancel')} onConfirm={() => deletion.mutateAsync({ id } as never)}>
      <Button size="small" danger>
        {t('console.catalogue.editor.remove')}
      </Button>
    </Popconfirm>
  );
}

/** One kind of content: its list, a drawer to write it in several languages side by side, and deletion with a confirmation. */
export function ContentPage({ config }: { config: ContentConfig }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Values | null>(null);
  const listed = config.paged !== false;
  const filters = { q: search || undefined, ...sort };
  const query = useEndpointQuery(config.list, listed ? { ...filters, ...paging } : undefined, { placeholderData: keepPreviousData }) as UseQueryResult<{ list: Values[]; total?: number; page?: number; limit?: number }>;
  const first = () => setPaging((p) => ({ ...p, page: 1 }));
  const idField = config.idField ?? 'id';
  /** The row being edited as the list has it now (closed when it is gone). */
  const reload = async () => {
    const fresh = (await query.refetch()).data?.list.find((r) => editing && r[idField] === editing[idField]);
    setEditing(fresh ?? null);
  };
  const columns: TableColumnsType<Values> = [
    ...config.columns(t),
    {
      title: t('console.common.actions'),
      key: 'actions',
      width: 190,
      render: (_, row) => (
        <Space>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`edit-${config.name}-${String(row[idField])}`}>
            {t('console.catalogue.goods.edit')}
          </Button>
          {config.remove && <DeleteButton remove={config.remove} list={config.list} id={row.id as number} />}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing(config.blank())} data-testid={`new-${config.name}`}>
        {t('console.content.new')}
      </Button>
      <QueryTable<Values>
        query={query as never}
        rowKey={(r) => String(r[idField])}
        columns={columns}
        paging={listed ? { ...paging, onChange: (page, limit) => setPaging({ page, limit }) } : undefined}
        sorting={listed ? { ...sort, onChange: (s) => (setSort(s), first()) } : undefined}
        exportCsv={listed ? { list: config.list, query: filters } : undefined}
        toolbar={
          listed && (
            <Input.Search allowClear placeholder={t('console.content.search')} style={{ width: 300, maxWidth: '100%' }} onSearch={(v) => (setSearch(v.trim()), first())} data-testid={`${config.name}-search`} />
          )
        }
      />
      <ModalDrawer open={editing !== null} size={980} title={editing && editing[idField] !== undefined ? config.title(editing, i18n.language) : t('console.content.new')} onClose={() => setEditing(null)} destroyOnHidden>
        {/* Keyed by the version opened: reloaded, the form starts again from the row as it is now. */}
        {editing && <ContentForm key={`${String(editing[idField] ?? 'new')}@${String(editing.updated_at ?? '')}`} config={config} editing={editing} onDone={() => setEditing(null)} onReload={() => void reload()} />}
      </ModalDrawer>
    </Space>
  );
}
