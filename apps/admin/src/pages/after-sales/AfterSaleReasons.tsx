import { Button, Card, Form, Input, InputNumber, Modal, Segmented, Space, Switch, Tag } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import { AFTER_SALE_KINDS, type AfterSaleKind } from '@shop/contract/after-sales';
import { LANGUAGES, type EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveRefused } from '../../components/SaveRefused';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { FormField, filledTexts, useConsoleForm, type BodySchema } from '../../lib/form';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { afterSaleSettingsRoute, saveAfterSaleReasonRoute } from '../../lib/routes-after-sales';

type Reason = EndpointData<typeof afterSaleSettingsRoute>['reasons'][number];

interface ReasonValues {
  code: string;
  names: Partial<Record<string, string>>;
  needs_evidence: boolean;
  sort: number;
  enabled: boolean;
}

/**
 * A new reason of a kind, or a change of one: its code (fixed once made), its names per language, whether
 * it needs evidence, its place, whether members see it. Filled from the reason as it was opened (a read of
 * the list in the background leaves it alone); a change names that version, and `onReload` (after a
 * refusal: changed by someone else since) reopens the reason as the list now has it.
 */
function ReasonForm({ kind, editing, onClose, onReload }: { kind: AfterSaleKind; editing?: Reason; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const form = useConsoleForm<ReasonValues, Record<string, unknown>>({
    schema: () => import('@shop/contract/after-sales').then((m) => m.adminSaveAfterSaleReasonBody as unknown as BodySchema<Record<string, unknown>>),
    defaultValues: editing
      ? { code: editing.code, names: editing.names, needs_evidence: editing.needs_evidence, sort: editing.sort, enabled: editing.enabled }
      : { code: '', names: {}, needs_evidence: false, sort: 0, enabled: true },
    toBody: (v) => ({ kind, code: v.code.trim().toLowerCase(), base_updated_at: editing?.updated_at, names: filledTexts(v.names), needs_evidence: v.needs_evidence, sort: v.sort, enabled: v.enabled }),
  });
  const save = useEndpointMutation(saveAfterSaleReasonRoute, { invalidates: [afterSaleSettingsRoute], onSuccess: onClose });
  const submit = form.submit((body) => save.mutateAsync(body as never).catch(() => undefined));
  return (
    <Modal
      open
      title={t(editing ? 'console.afterSales.reasons.edit' : 'console.afterSales.reasons.new')}
      okText={t('console.afterSales.settings.save')}
      cancelText={t('console.common.cancel')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <SaveRefused error={save.error} onReload={editing ? () => (save.reset(), onReload()) : undefined} reloadTestId="reload-reason" style={{ marginBottom: 12 }} />
      <Form layout="vertical" component="div">
        <FormField form={form} name="code" label={t('console.afterSales.settings.code')} required extra={t('console.afterSales.reasons.codeHint')}>
          <Input maxLength={32} disabled={!!editing} aria-label={t('console.afterSales.settings.code')} />
        </FormField>
        {LANGUAGES.map((l) => (
          <FormField key={l} form={form} name={`names.${l}`} label={LANGUAGE_NAMES[l]} extra={l === 'en-us' && !editing?.shipped ? t('console.afterSales.reasons.englishNeeded') : undefined}>
            <Input maxLength={60} aria-label={LANGUAGE_NAMES[l]} placeholder={editing?.shipped ? t('console.afterSales.reasons.shippedText') : undefined} />
          </FormField>
        ))}
        <Space size="large">
          <FormField form={form} name="sort" label={t('console.afterSales.reasons.sort')}>
            <InputNumber min={0} max={9999} />
          </FormField>
          <FormField form={form} name="needs_evidence" label={t('console.afterSales.reasons.needsEvidence')} valuePropName="checked">
            <Switch />
          </FormField>
          <FormField form={form} name="enabled" label={t('console.afterSales.settings.enabled')} valuePropName="checked">
            <Switch />
          </FormField>
        </Space>
      </Form>
    </Modal>
  );
}

/**
 * The reasons members choose from, per kind: shipped ones with their texts, the operator's own, each
 * named in every language. `reload` reads the list again and answers its reasons (for a Refresh).
 */
export function AfterSaleReasons({ reasons, reload }: { reasons: Reason[]; reload: () => Promise<Reason[] | undefined> }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AfterSaleKind>('return');
  // The row as it was opened: the form's copy, which a newer list does not replace.
  const [editing, setEditing] = useState<Reason | 'new' | null>(null);
  /** Refresh after a refusal: the reason read again and its form refilled (closed when it is gone). */
  const reopen = async (r: Reason) => setEditing((await reload())?.find((x) => x.kind === r.kind && x.code === r.code) ?? null);
  return (
    <Card
      title={t('console.afterSales.reasons.title')}
      size="small"
      extra={<Button onClick={() => setEditing('new')}>{t('console.afterSales.reasons.new')}</Button>}
    >
      <Segmented<AfterSaleKind> value={kind} onChange={setKind} options={AFTER_SALE_KINDS.map((k) => ({ value: k, label: t(`console.afterSales.kinds.${k}`) }))} style={{ marginBottom: 12 }} />
      <FramedTable<Reason>
        size="small"
        rowKey={(r) => `${r.kind}:${r.code}`}
        pagination={false}
        dataSource={reasons.filter((r) => r.kind === kind)}
        columns={[
          { title: t('console.afterSales.settings.code'), dataIndex: 'code' },
          { title: t('console.afterSales.settings.name'), dataIndex: 'text' },
          { title: t('console.afterSales.reasons.needsEvidence'), key: 'evidence', render: (_, r) => (r.needs_evidence ? '✓' : '') },
          { title: t('console.afterSales.reasons.sort'), dataIndex: 'sort', width: 80 },
          { title: t('console.afterSales.settings.enabled'), key: 'enabled', render: (_, r) => <Tag color={r.enabled ? 'green' : 'default'}>{t(r.enabled ? 'console.afterSales.reasons.offered' : 'console.afterSales.reasons.hidden')}</Tag> },
          { title: t('console.common.actions'), key: 'edit', width: 100, render: (_, r) => <Button size="small" onClick={() => setEditing(r)}>{t('console.afterSales.reasons.edit')}</Button> },
        ]}
      />
      {editing && (
        <ReasonForm
          // A new copy (opened, refreshed) is a new form, filled from it.
          key={editing === 'new' ? 'new' : `${editing.kind}:${editing.code}:${editing.updated_at}`}
          kind={editing === 'new' ? kind : editing.kind}
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onReload={() => {
            if (editing !== 'new') void reopen(editing);
          }}
        />
      )}
    </Card>
  );
}
