import { Alert, App as AntApp, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag } from 'antd';
import { ControlRow } from '../../components/ControlRow';
import { keepPreviousData } from '@tanstack/react-query';
import { LANGUAGES, type EndpointData, type Language } from '@shop/contract/common';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FramedTable, QueryTable } from '../../components/QueryTable';
import { SaveRefused } from '../../components/SaveRefused';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { FieldItem, FormField, filledTexts, useConsoleForm, type BodySchema } from '../../lib/form';
import { formatCellDate, formatNumber } from '../../lib/format';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { useCan } from '../../lib/operator';
import { broadcastsRoute, feedbackCategoriesRoute, saveFeedbackCategoryRoute, saveSupportSettingsRoute, sendBroadcastRoute, supportSettingsRoute } from '../../lib/routes-support';

type Category = EndpointData<typeof feedbackCategoriesRoute>['list'][number];
const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));

interface BroadcastValues {
  lang: Language;
  title: Partial<Record<string, string>>;
  text: Partial<Record<string, string>>;
  link: string;
  countries: string[];
  langs: string[];
  stars: number[];
}

/** Star ranks a segment may name: 0 for members without a star, then the plan's ranks (at most 20). */
const STAR_RANKS = Array.from({ length: 21 }, (_, star) => star);

/** A message to every member or a segment (countries, languages, star ranks), written one language at a time (English required), sent after a confirmation. */
function BroadcastForm() {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const starName = (star: number) => (star ? `★ ${star}` : t('console.support.broadcast.noStar'));
  const form = useConsoleForm<BroadcastValues, Record<string, unknown>>({
    schema: () => import('@shop/contract/admin').then((m) => m.broadcastBody as unknown as BodySchema<Record<string, unknown>>),
    defaultValues: { lang: 'en-us', title: {}, text: {}, link: '', countries: [], langs: [], stars: [] },
    toBody: (v) => {
      const titles = filledTexts(v.title);
      const texts = filledTexts(v.text);
      const langs = [...new Set([...Object.keys(titles), ...Object.keys(texts)])];
      return { texts: Object.fromEntries(langs.map((l) => [l, { title: titles[l] ?? '', text: texts[l] ?? '' }])), link: v.link.trim(), countries: v.countries.map((c) => c.trim().toUpperCase()), langs: v.langs, stars: v.stars };
    },
    fieldOf: { texts: 'title.en-us' },
  });
  const lang = useWatch({ control: form.control, name: 'lang' });
  const send = useEndpointMutation(sendBroadcastRoute, {
    invalidates: [broadcastsRoute],
    onSuccess: (sent) => {
      message.success(t('console.support.broadcast.sent', { count: sent.recipients }));
      form.reset();
    },
  });
  const submit = form.submit((body) => {
    const segment = body as { countries: string[]; langs: string[]; stars: number[] };
    const stars = segment.stars.length ? ` ${t('console.support.broadcast.toStars', { stars: segment.stars.map(starName).join(', ') })}` : '';
    modal.confirm({
      title: t('console.support.broadcast.question'),
      content: segment.countries.length || segment.langs.length || segment.stars.length ? `${t('console.support.broadcast.toSegment', { countries: segment.countries.join(', ') || '—', langs: segment.langs.join(', ') || '—' })}${stars}` : t('console.support.broadcast.toAll'),
      okText: t('console.common.confirm'),
      cancelText: t('console.common.cancel'),
      onOk: () => send.mutateAsync(body as never).catch(() => undefined),
    });
  });
  return (
    <Card title={t('console.support.broadcast.title')}>
      {send.error && <Alert type="error" showIcon title={send.error.message} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div">
        <FormField form={form} name="lang" label={t('console.settings.page.language')}>
          <Select options={languageOptions} style={{ width: 200, maxWidth: '100%' }} data-testid="broadcast-language" />
        </FormField>
        <FormField key={`title-${lang}`} form={form} name={`title.${lang}`} label={t('console.support.broadcast.messageTitle')} required={lang === 'en-us'}>
          <Input maxLength={60} data-testid="broadcast-title" />
        </FormField>
        <FormField key={`text-${lang}`} form={form} name={`text.${lang}`} label={t('console.support.broadcast.text')} required={lang === 'en-us'}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="broadcast-text" />
        </FormField>
        <FormField form={form} name="link" label={t('console.support.broadcast.link')}>
          <Input maxLength={500} placeholder="/pages/activity/kefu" />
        </FormField>
        <Space size="large" wrap>
          <FormField form={form} name="countries" label={t('console.support.broadcast.countries')}>
            <Select mode="tags" style={{ width: 280, maxWidth: '100%' }} placeholder={t('console.support.broadcast.everyCountry')} tokenSeparators={[',', ' ']} />
          </FormField>
          <FormField form={form} name="langs" label={t('console.support.broadcast.languages')}>
            <Select mode="multiple" style={{ width: 280, maxWidth: '100%' }} options={languageOptions} placeholder={t('console.support.broadcast.everyLanguage')} />
          </FormField>
          <FormField form={form} name="stars" label={t('console.support.broadcast.stars')}>
            <Select mode="multiple" style={{ width: 280, maxWidth: '100%' }} options={STAR_RANKS.map((star) => ({ value: star, label: starName(star) }))} placeholder={t('console.support.broadcast.everyStar')} data-testid="broadcast-stars" />
          </FormField>
        </Space>
        <Button type="primary" loading={send.isPending} onClick={() => void submit()} data-testid="broadcast-send">
          {t('console.support.broadcast.send')}
        </Button>
      </Form>
    </Card>
  );
}

/** The messages sent, newest first. */
function Broadcasts() {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const query = useEndpointQuery(broadcastsRoute, paging, { placeholderData: keepPreviousData });
  return (
    <Card title={t('console.support.broadcast.sentList')}>
      <QueryTable
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        columns={[
          { title: t('console.common.id'), dataIndex: 'id', width: 70 },
          { title: t('console.support.broadcast.messageTitle'), key: 'title', render: (_, b) => (b.texts[i18n.language] ?? b.texts['en-us'])?.title },
          { title: t('console.support.broadcast.segment'), key: 'segment', render: (_, b) => [...b.countries, ...b.langs, ...b.stars.map((star) => (star ? `★ ${star}` : t('console.support.broadcast.noStar')))].map((s) => <Tag key={s}>{s}</Tag>) },
          { title: t('console.support.broadcast.recipients'), dataIndex: 'recipients', render: (n: number) => formatNumber(n) },
          { title: t('console.support.broadcast.by'), dataIndex: 'created_by' },
          { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
        ]}
      />
    </Card>
  );
}

/** How long messages are kept and how much feedback a member may send a day. */
function SupportSettings() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const settings = useEndpointQuery(supportSettingsRoute, undefined);
  const save = useEndpointMutation(saveSupportSettingsRoute, {
    invalidates: [supportSettingsRoute],
    onSuccess: () => {
      message.success(t('console.support.settings.saved'));
    },
  });
  const [draft, setDraft] = useState<{ message_retention_days?: number; feedback_daily_limit?: number; chat_mode?: 'builtin' | 'external'; external_chat_url?: string }>({});
  const current = { ...settings.data, ...draft };
  return (
    <Card title={t('console.support.settings.title')} loading={settings.isLoading}>
      {/* Refused as saved from a copy changed since: Refresh shows the settings as they are now, without what was typed. */}
      <SaveRefused error={save.error} onReload={() => (setDraft({}), save.reset(), void settings.refetch())} reloadTestId="reload-support-settings" style={{ marginBottom: 12 }} />
      <ControlRow size="large" align="end">
        <FieldItem label={t('console.support.settings.retention')} style={{ marginBottom: 0 }}>
          <InputNumber min={7} max={3650} value={current.message_retention_days} onChange={(v) => setDraft((d) => ({ ...d, message_retention_days: v ?? undefined }))} data-testid="retention-days" />
        </FieldItem>
        <FieldItem label={t('console.support.settings.feedbackLimit')} style={{ marginBottom: 0 }}>
          <InputNumber min={1} max={100} value={current.feedback_daily_limit} onChange={(v) => setDraft((d) => ({ ...d, feedback_daily_limit: v ?? undefined }))} />
        </FieldItem>
        <FieldItem label={t('console.support.settings.chatMode')} style={{ marginBottom: 0 }}>
          <Select
            style={{ width: 200, maxWidth: '100%' }}
            value={current.chat_mode}
            onChange={(v) => setDraft((d) => ({ ...d, chat_mode: v }))}
            options={[
              { value: 'builtin', label: t('console.support.settings.builtin') },
              { value: 'external', label: t('console.support.settings.external') },
            ]}
          />
        </FieldItem>
        <FieldItem label={t('console.support.settings.externalUrl')} style={{ marginBottom: 0 }} extra={t('console.support.settings.externalUrlHelp')}>
          <Input style={{ width: 360, maxWidth: '100%' }} maxLength={500} value={current.external_chat_url} placeholder="https://…/{member_id}" onChange={(e) => setDraft((d) => ({ ...d, external_chat_url: e.target.value.trim() }))} />
        </FieldItem>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={!current.message_retention_days || !current.feedback_daily_limit}
          onClick={() =>
            save.mutate({
              message_retention_days: current.message_retention_days,
              feedback_daily_limit: current.feedback_daily_limit,
              chat_mode: current.chat_mode,
              external_chat_url: current.external_chat_url,
              // The version the card read: saved from a copy changed since, the server refuses it rather than undo that change.
              base_updated_at: settings.data?.updated_at,
            })
          }
        >
          {t('console.settings.page.save')}
        </Button>
      </ControlRow>
    </Card>
  );
}

interface CategoryValues {
  names: Partial<Record<string, string>>;
  sort: number;
  enabled: boolean;
}

/**
 * A new feedback category or a change of one: its name in each language (English required), its place,
 * whether it is offered. Filled from the category as it was opened; a change names that version, and
 * `onReload` (after a refusal: changed by someone else since) reopens it as the list now has it.
 */
function CategoryForm({ editing, onClose, onReload }: { editing?: Category; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const form = useConsoleForm<CategoryValues, Record<string, unknown>>({
    schema: () => import('@shop/contract/admin').then((m) => m.saveFeedbackCategoryBody as unknown as BodySchema<Record<string, unknown>>),
    defaultValues: editing ? { names: editing.names, sort: editing.sort, enabled: editing.enabled } : { names: {}, sort: 0, enabled: true },
    toBody: (v) => ({ ...(editing ? { id: editing.id, base_updated_at: editing.updated_at } : {}), names: filledTexts(v.names), sort: v.sort, enabled: v.enabled }),
    fieldOf: { names: 'names.en-us' },
  });
  const save = useEndpointMutation(saveFeedbackCategoryRoute, { invalidates: [feedbackCategoriesRoute], onSuccess: onClose });
  const submit = form.submit((body) => save.mutateAsync(body as never).catch(() => undefined));
  return (
    <Modal open title={t(editing ? 'console.support.categories.edit' : 'console.support.categories.new')} okText={t('console.settings.page.save')} cancelText={t('console.common.cancel')} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ loading: save.isPending }} destroyOnHidden>
      <SaveRefused error={save.error} onReload={editing ? () => (save.reset(), onReload()) : undefined} reloadTestId="reload-feedback-category" style={{ marginBottom: 12 }} />
      <Form layout="vertical" component="div">
        {LANGUAGES.map((l) => (
          <FormField key={l} form={form} name={`names.${l}`} label={LANGUAGE_NAMES[l]} required={l === 'en-us'}>
            <Input maxLength={40} />
          </FormField>
        ))}
        <Space size="large">
          <FormField form={form} name="sort" label={t('console.support.categories.sort')}>
            <InputNumber min={0} max={9999} />
          </FormField>
          <FormField form={form} name="enabled" label={t('console.support.categories.enabled')} valuePropName="checked">
            <Switch />
          </FormField>
        </Space>
      </Form>
    </Modal>
  );
}

/** The feedback categories members choose from. */
function FeedbackCategories({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useEndpointQuery(feedbackCategoriesRoute, undefined);
  // The row as it was opened: the form's copy, which a newer list does not replace.
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  /** Refresh after a refusal: the category read again and its form refilled (closed when it is gone). */
  const reopen = async (id: number) => setEditing((await query.refetch()).data?.list.find((c) => c.id === id) ?? null);
  return (
    <Card title={t('console.support.categories.title')} extra={canEdit && <Button onClick={() => setEditing('new')}>{t('console.support.categories.new')}</Button>}>
      <FramedTable<Category>
        size="small"
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('console.support.categories.name'), key: 'name', render: (_, c) => c.names[i18n.language] ?? c.names['en-us'] },
          { title: t('console.support.categories.sort'), dataIndex: 'sort', width: 90 },
          { title: t('console.support.categories.enabled'), dataIndex: 'enabled', width: 110, render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'console.support.categories.offered' : 'console.support.categories.hidden')}</Tag> },
          ...(canEdit ? [{ title: t('console.common.actions'), key: 'edit', width: 100, render: (_: unknown, c: Category) => <Button size="small" onClick={() => setEditing(c)}>{t('console.support.categories.edit')}</Button> }] : []),
        ]}
      />
      {editing && (
        <CategoryForm
          // A new copy (opened, refreshed) is a new form, filled from it.
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.updated_at}`}
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onReload={() => {
            if (editing !== 'new') void reopen(editing.id);
          }}
        />
      )}
    </Card>
  );
}

/** Messages to members, the support settings and the feedback categories. */
export default function Messages() {
  const can = useCan();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {can('messages.broadcast') && <BroadcastForm />}
      {can('messages.broadcast') && <Broadcasts />}
      {can('settings.write') && can('messages.broadcast') && <SupportSettings />}
      {can('support.feedback') && <FeedbackCategories canEdit={can('settings.write')} />}
    </Space>
  );
}
