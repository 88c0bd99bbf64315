import { Alert, App as AntApp, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { LANGUAGES, type Language, type EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { actionsColumn, QueryTable, type ListSort } from '../../components/QueryTable';
import { StatusTag } from '../../components/StatusTag';
import { useCan } from '../../lib/operator';
import { call } from '../../lib/request';
import { formatCellDate, formatMoney } from '../../lib/format';
import { amountOf, amountText } from '../../lib/money';
import { FormField, filledTexts, useConsoleForm, type BodySchema } from '../../lib/form';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { languagesWithText } from '../../components/LanguageTexts';
import { charityCausesRoute, charityPledgesRoute, createCharityCauseRoute, updateCharityCauseRoute } from '../../lib/routes-settings';
import { ReasonedChange, type PendingChange } from '../../components/ReasonedChange';

type Cause = EndpointData<typeof charityCausesRoute>['list'][number];
type Pledge = EndpointData<typeof charityPledgesRoute>['list'][number];
/** What a change of a cause makes stale: the causes and the pledges that show their titles. */
const CHARITY = [charityCausesRoute, charityPledgesRoute];
const CURRENCIES = ['USD', 'CNY', 'TWD', 'JPY', 'MYR', 'HUF', 'IDR', 'KHR', 'THB'];

/** A cause's title in the console's language, else in English. */
const titleOf = (c: Cause, lang: string) => c.title[lang] || c.title['en-us'] || `#${c.id}`;

interface Values {
  lang: Language;
  title: Partial<Record<string, string>>;
  description: Partial<Record<string, string>>;
  image: string;
  currency: string;
  min: string | null;
  goal: string | null;
  open: boolean;
}

/**
 * A new cause, or a change of one (asked for its reason), written one language at a time and checked
 * by the contract. A change names the version it was opened at; refused as changed since, `reload`
 * opens the cause again as it is now.
 */
function CauseForm({ editing, onClose, ask, reload }: { editing?: Cause; onClose: () => void; ask: (c: PendingChange) => void; reload: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const form = useConsoleForm<Values, Record<string, unknown>>({
    schema: () =>
      editing
        ? import('@shop/contract/admin').then((m) => m.updateCauseBody.omit({ reason: true }) as unknown as BodySchema<Record<string, unknown>>)
        : import('@shop/contract/orders').then((m) => m.createCauseBody as unknown as BodySchema<Record<string, unknown>>),
    defaultValues: editing
      ? {
          lang: 'en-us',
          title: editing.title,
          description: editing.description,
          image: editing.image,
          currency: editing.currency,
          min: amountText(editing.min_amount, editing.currency),
          goal: editing.goal === null ? null : amountText(editing.goal, editing.currency),
          open: editing.status === 'open',
        }
      : { lang: 'en-us', title: {}, description: {}, image: '', currency: 'USD', min: '1', goal: null, open: true },
    toBody: (v) => {
      const common = { title: filledTexts(v.title), description: filledTexts(v.description), image: v.image.trim(), min_amount: amountOf(v.min, v.currency), goal: v.goal ? amountOf(v.goal, v.currency) : null };
      // The version the cause was opened at: a change from a copy changed since is refused rather than undoing that change.
      return editing ? { id: editing.id, base_updated_at: editing.updated_at, ...common, status: v.open ? 'open' : 'closed' } : { ...common, currency: v.currency };
    },
    // The English title sits under the English tab: a refusal of it opens that tab.
    fieldOf: { title: 'title.en-us' },
  });
  const lang = useWatch({ control: form.control, name: 'lang' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const create = useEndpointMutation(createCharityCauseRoute, {
    invalidates: CHARITY,
    onSuccess: () => {
      message.success(t('console.settings.charity.created'));
      onClose();
    },
  });
  const submit = form.submit((body) => {
    if (editing) {
      ask({
        title: `${t('console.settings.charity.editCause')} · ${titleOf(editing, i18n.language)}`,
        send: (reason, k) => call(updateCharityCauseRoute, { ...(body as object), reason } as never, { idempotencyKey: k }),
        reload: () => reload(editing.id),
      });
      onClose();
      return;
    }
    modal.confirm({
      title: t('console.settings.charity.createQuestion'),
      content: String((body.title as Record<string, string>)['en-us'] ?? ''),
      okText: t('console.common.confirm'),
      cancelText: t('console.common.cancel'),
      onOk: () => create.mutateAsync(body as never).catch(() => undefined),
    });
  });
  const refusedTitle = form.formState.errors.title;
  // Written one language at a time: the languages the cause already has text in are marked, so none is overlooked.
  const written = languagesWithText(editing?.title, editing?.description);
  return (
    <Modal
      open
      title={editing ? t('console.settings.charity.editCause') : t('console.settings.charity.newCause')}
      okText={editing ? t('console.settings.page.save') : t('console.common.submit')}
      cancelText={t('console.common.cancel')}
      onCancel={onClose}
      onOk={() => {
        if (refusedTitle) form.setValue('lang', 'en-us');
        void submit();
      }}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'cause-submit' } as never}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <FormField form={form} name="lang" label={t('console.settings.page.language')}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: written.includes(l) ? `${LANGUAGE_NAMES[l]} ✓` : LANGUAGE_NAMES[l] }))} data-testid="cause-language" />
        </FormField>
        <FormField key={`title-${lang}`} form={form} name={`title.${lang}`} label={t('console.settings.charity.title')} required={lang === 'en-us'} message={t('console.catalogue.editor.required')}>
          <Input maxLength={120} data-testid="cause-title" />
        </FormField>
        <FormField key={`description-${lang}`} form={form} name={`description.${lang}`} label={t('console.settings.charity.description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </FormField>
        <FormField form={form} name="image" label={t('console.content.image')}>
          <Input maxLength={500} placeholder="/uploads/…" />
        </FormField>
        <Space size="large" wrap>
          {!editing && (
            <FormField form={form} name="currency" label={t('console.common.currency')} required>
              <Select style={{ width: 110, maxWidth: '100%' }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </FormField>
          )}
          <FormField form={form} name="min" label={`${t('console.settings.charity.minAmount')} (${currency})`} required message={t('console.money.adjust.invalidAmount')}>
            <InputNumber<string> stringMode min="0" data-testid="cause-min" />
          </FormField>
          <FormField form={form} name="goal" label={`${t('console.settings.charity.goal')} (${currency})`} message={t('console.money.adjust.invalidAmount')}>
            <InputNumber<string> stringMode min="0" placeholder={t('console.settings.charity.noGoal')} />
          </FormField>
          {editing && (
            <FormField form={form} name="open" label={t('console.settings.charity.open')} valuePropName="checked">
              <Switch />
            </FormField>
          )}
        </Space>
      </Form>
      {form.unshown && <Alert type="error" showIcon title={form.unshown} style={{ marginBottom: 8 }} />}
      {create.isError && <Alert type="error" showIcon title={create.error.message} />}
    </Modal>
  );
}

/** Charity causes (new ones and changes, each confirmed or explained) and members' pledges: found, sorted, paged and exported. */
export default function Charity() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const causes = useEndpointQuery(charityCausesRoute, undefined);
  const [causeId, setCauseId] = useState<number | undefined>();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const filters = { cause_id: causeId, q: search || undefined, ...(sort as { sort?: 'id' }) };
  const pledges = useEndpointQuery(charityPledgesRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Cause | 'new' | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const first = () => setPaging((p) => ({ ...p, page: 1 }));
  /** Opens a cause's form again from the cause as the list has it now (closed when it is gone). */
  const reopen = async (id: number) => setEditing((await causes.refetch()).data?.list.find((c) => c.id === id) ?? null);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('console.settings.charity.causes')}
        extra={
          can('settings.write') && (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="new-cause">
              {t('console.settings.charity.newCause')}
            </Button>
          )
        }
      >
        <QueryTable<Cause>
          query={causes}
          size="small"
          // Every column keeps its values on one line; a window too narrow scrolls sideways, the actions never cut off.
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('console.settings.charity.title'), key: 'title', render: (_, c) => titleOf(c, i18n.language), sorter: (a, b) => titleOf(a, i18n.language).localeCompare(titleOf(b, i18n.language)) },
            { title: t('console.settings.charity.raised'), key: 'raised', align: 'right', render: (_, c) => formatMoney(c.raised, c.currency), sorter: (a, b) => a.raised - b.raised },
            { title: t('console.settings.charity.goal'), key: 'goal', align: 'right', render: (_, c) => (c.goal === null ? t('console.settings.charity.noGoal') : formatMoney(c.goal, c.currency)) },
            { title: t('console.settings.charity.supporters'), dataIndex: 'supporters', sorter: (a, b) => a.supporters - b.supporters },
            // Beside "Pledged (paid)", the pledges that amount sums; the others (awaiting payment, cancelled, closed) apart.
            { title: t('console.settings.charity.paidPledges'), dataIndex: 'paid_pledges', sorter: (a, b) => a.paid_pledges - b.paid_pledges },
            { title: t('console.settings.charity.allPledges'), dataIndex: 'pledges', sorter: (a, b) => a.pledges - b.pledges },
            { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v), sorter: (a, b) => a.created_at.localeCompare(b.created_at) },
            { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <Tag color={s === 'open' ? 'green' : 'default'}>{t(`console.settings.charity.${s}`)}</Tag> },
            actionsColumn(t, {
              key: 'a',
              render: (_, c) => (
                <Space>
                  <Button size="small" onClick={() => (setCauseId(c.id), first())}>
                    {t('console.settings.charity.pledges')}
                  </Button>
                  {can('settings.write') && (
                    <Button size="small" onClick={() => setEditing(c)} data-testid={`edit-cause-${c.id}`}>
                      {t('console.settings.page.edit')}
                    </Button>
                  )}
                </Space>
              ),
            }),
          ]}
        />
      </Card>
      <Card size="small" title={t('console.settings.charity.pledges')}>
        <QueryTable<Pledge>
          query={pledges}
          size="small"
          paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
          sorting={{ ...sort, onChange: (s) => (setSort(s), first()) }}
          exportCsv={{ list: charityPledgesRoute, query: filters }}
          toolbar={
            <Space wrap>
              <Input.Search allowClear placeholder={t('console.settings.charity.searchPledges')} style={{ width: 300, maxWidth: '100%' }} onSearch={(v) => (setSearch(v.trim()), first())} data-testid="pledge-search" />
              <Select
                allowClear
                placeholder={t('console.settings.charity.allCauses')}
                value={causeId}
                onChange={(v) => (setCauseId(v), first())}
                options={(causes.data?.list ?? []).map((c) => ({ value: c.id, label: titleOf(c, i18n.language) }))}
                style={{ width: 260, maxWidth: '100%' }}
              />
            </Space>
          }
          columns={[
            { title: t('console.orders.orderNo'), dataIndex: 'order_no', key: 'id', sorter: true },
            { title: t('console.common.member'), dataIndex: 'user_name' },
            { title: t('console.settings.charity.title'), dataIndex: 'cause_title' },
            { title: t('console.common.amount'), key: 'amount', sorter: true, align: 'right', render: (_, p) => formatMoney(p.amount, p.currency) },
            { title: t('console.settings.charity.message'), dataIndex: 'message' },
            { title: t('console.common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatCellDate(v) },
            { title: t('console.orders.paidAt'), dataIndex: 'paid_at', sorter: true, render: (v: string | null) => formatCellDate(v) },
            { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          ]}
        />
      </Card>
      {editing && <CauseForm editing={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} ask={setPending} reload={(id) => void reopen(id)} />}
      <ReasonedChange change={pending} onClose={() => setPending(null)} invalidates={CHARITY} />
    </Space>
  );
}
