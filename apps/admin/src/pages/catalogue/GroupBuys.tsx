import type { adminGroupBuySchema } from '@shop/contract/catalogue';
import { type EndpointData } from '@shop/contract/common';
import { Alert, App as AntApp, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { PromotionList } from '../../components/PromotionList';
import { SaveRefused } from '../../components/SaveRefused';
import { useCan } from '../../lib/operator';
import { formatCellDate, formatMoney, formatNumber } from '../../lib/format';
import { amountOf, amountText } from '../../lib/money';
import { FormField, fromLocalInput, refusedFieldsOf, toLocalInput, useConsoleForm } from '../../lib/form';
import { waitingRequestOf } from '../../lib/approvals';
import { createGroupBuyRoute, endGroupBuyRoute, goodsRoute, groupBuysRoute, updateGroupBuyRoute } from '../../lib/routes-catalogue';

type Row = z.infer<typeof adminGroupBuySchema>;

interface Values {
  goods_id: number | null;
  sku_id: number | null;
  group_size: number | null;
  fill_hours: number | null;
  starts_at: string;
  ends_at: string;
  price: string | null;
  quantity: number | null;
  per_order_limit: number | null;
  per_member_limit: number | null;
  virtual_fill_percent: number | null;
  reason: string;
}

/**
 * A new group buy on an SKU, or a change of one (its goods, SKU and units stay, and a reason is
 * asked): checked by the contract, then confirmed. A change names the version it was opened at;
 * refused as changed since, `reopen` opens the group buy again as it is now.
 */
export function GroupBuyForm({ editing, onClose, reopen }: { editing?: Row; onClose: () => void; reopen: (id: number) => void }) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const form = useConsoleForm<Values, Record<string, unknown>>({
    schema: () => (editing ? import('@shop/contract/catalogue').then((m) => m.updateGroupBuyBody) : import('@shop/contract/orders').then((m) => m.groupBuyActivityBody)),
    defaultValues: editing
      ? {
          goods_id: editing.goods_id,
          sku_id: editing.sku_id,
          group_size: editing.group_size,
          fill_hours: editing.fill_hours,
          starts_at: toLocalInput(editing.starts_at),
          ends_at: toLocalInput(editing.ends_at),
          price: amountText(editing.price, editing.currency),
          quantity: editing.quantity,
          per_order_limit: editing.per_order_limit,
          per_member_limit: editing.per_member_limit,
          virtual_fill_percent: editing.virtual_fill_percent,
          reason: '',
        }
      : { goods_id: null, sku_id: null, group_size: 2, fill_hours: 24, starts_at: '', ends_at: '', price: null, quantity: null, per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, reason: '' },
    toBody: (v) => {
      // The currency is the goods' (read below, once the goods are picked).
      const price: number = amountOf(v.price, currency);
      const common = {
        price,
        group_size: v.group_size,
        fill_hours: v.fill_hours,
        starts_at: fromLocalInput(v.starts_at),
        ends_at: fromLocalInput(v.ends_at),
        per_order_limit: v.per_order_limit,
        per_member_limit: v.per_member_limit,
        virtual_fill_percent: v.virtual_fill_percent,
      };
      // The version it was opened at: a change from a copy changed (or ended) since is refused rather than undoing that change.
      return editing ? { id: editing.id, base_updated_at: editing.updated_at, ...common, reason: v.reason } : { goods_id: v.goods_id, sku_id: v.sku_id, quantity: v.quantity, ...common, reason: v.reason };
    },
    check: (v) => ({ ends_at: v.starts_at && v.ends_at && v.ends_at <= v.starts_at && t('console.catalogue.coupons.endsAfterStart') }),
  });
  const goodsId = useWatch({ control: form.control, name: 'goods_id' });
  const goods = useEndpointQuery(goodsRoute, { id: goodsId! }, { enabled: !editing && !!goodsId, retry: false });
  const currency = editing?.currency ?? goods.data?.currency ?? 'USD';
  const save = useEndpointMutation(editing ? updateGroupBuyRoute : createGroupBuyRoute, {
    invalidates: [groupBuysRoute],
    onSuccess: (answer) => {
      // Below half the SKU's price it is value given away: a second operator approves it first, as a coupon.
      const waiting = waitingRequestOf(answer);
      if (waiting) message.info(t('console.common.sentForApproval', { id: waiting.id }));
      else message.success(editing ? t('console.catalogue.groupBuys.saved') : t('console.catalogue.groupBuys.created'));
      onClose();
    },
  });
  // The server's refusals of fields on screen show under them (in its words); only others show above the buttons.
  const [refusedOnFields, setRefusedOnFields] = useState(false);
  const send = (body: unknown) => {
    setRefusedOnFields(false);
    return save.mutateAsync(body as never).catch((e: unknown) => {
      const refused = refusedFieldsOf(e).filter((r) => form.shown.has(r.field));
      for (const r of refused) form.setError(r.field as keyof Values, { type: 'check', message: r.msg });
      setRefusedOnFields(refused.length > 0);
    });
  };
  // Members can join at once: asked once more before it is set up or changed.
  const submit = form.submit((body) =>
    modal.confirm({
      title: editing ? t('console.catalogue.groupBuys.saveQuestion') : t('console.catalogue.groupBuys.createQuestion'),
      content: editing?.name ?? goods.data?.name['en-us'] ?? '',
      okText: t('console.common.confirm'),
      cancelText: t('console.common.cancel'),
      onOk: () => send(body),
    }),
  );
  const required = t('console.catalogue.editor.required');
  return (
    <Modal
      open
      title={editing ? `${t('console.catalogue.groupBuys.edit')} · ${editing.name}` : t('console.catalogue.groupBuys.new')}
      okText={t('console.common.submit')}
      cancelText={t('console.common.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'group-buy-submit' } as never}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form layout="vertical" component="div">
        {!editing && (
          <Space wrap>
            <FormField form={form} name="goods_id" label={t('console.catalogue.groupBuys.goodsId')} required message={required}>
              <InputNumber min={1} precision={0} style={{ width: 140, maxWidth: '100%' }} />
            </FormField>
            <FormField form={form} name="sku_id" label={t('console.catalogue.groupBuys.sku')} required message={required}>
              <Select
                style={{ width: 280, maxWidth: '100%' }}
                loading={goods.isFetching}
                options={(goods.data?.skus ?? []).map((s) => ({ value: s.id, label: `#${s.id} · ${formatMoney(s.price, goods.data!.currency)} · ${t('console.catalogue.goods.stock')} ${formatNumber(s.stock)}` }))}
              />
            </FormField>
          </Space>
        )}
        {goods.isError && <Alert type="error" showIcon title={goods.error.message} style={{ marginBottom: 12 }} />}
        <Space wrap>
          <FormField form={form} name="starts_at" label={t('console.catalogue.groupBuys.starts')} required requiredMessage={required} extra={editing && editing.state !== 'scheduled' ? t('console.catalogue.groupBuys.startFixed') : undefined}>
            <Input type="datetime-local" disabled={!!editing && editing.state !== 'scheduled'} style={{ width: 220, maxWidth: '100%' }} />
          </FormField>
          <FormField form={form} name="ends_at" label={t('console.catalogue.groupBuys.ends')} required requiredMessage={required}>
            <Input type="datetime-local" style={{ width: 220, maxWidth: '100%' }} />
          </FormField>
        </Space>
        <Space wrap>
          <FormField form={form} name="price" label={`${t('console.catalogue.groupBuys.price')} (${currency})`} required message={required}>
            <InputNumber<string> stringMode min="0" style={{ width: 140, maxWidth: '100%' }} />
          </FormField>
          <FormField form={form} name="quantity" label={t('console.catalogue.groupBuys.quantity')} required message={required}>
            <InputNumber min={1} precision={0} style={{ width: 140, maxWidth: '100%' }} disabled={!!editing} />
          </FormField>
          <FormField form={form} name="group_size" label={t('console.catalogue.groupBuys.groupSize')} required>
            <InputNumber min={2} max={100} precision={0} style={{ width: 120, maxWidth: '100%' }} />
          </FormField>
          <FormField form={form} name="fill_hours" label={t('console.catalogue.groupBuys.fillHours')} required>
            <InputNumber min={1} max={720} precision={0} style={{ width: 120, maxWidth: '100%' }} />
          </FormField>
        </Space>
        <Space wrap>
          <FormField form={form} name="per_order_limit" label={t('console.catalogue.groupBuys.perOrder')}>
            <InputNumber min={1} max={99} precision={0} />
          </FormField>
          <FormField form={form} name="per_member_limit" label={t('console.catalogue.groupBuys.perMember')}>
            <InputNumber min={1} max={999} precision={0} />
          </FormField>
          <FormField form={form} name="virtual_fill_percent" label={t('console.catalogue.groupBuys.virtualFill')}>
            <InputNumber min={0} max={100} precision={0} />
          </FormField>
        </Space>
        {editing ? (
          <FormField form={form} name="reason" label={t('console.common.reason')} required message={t('console.common.reasonRequired')}>
            <Input.TextArea rows={2} maxLength={300} data-testid="group-buy-reason" />
          </FormField>
        ) : (
          <FormField form={form} name="reason" label={t('console.common.reason')} extra={t('console.catalogue.groupBuys.reasonHint')}>
            <Input.TextArea rows={2} maxLength={200} data-testid="group-buy-reason" />
          </FormField>
        )}
      </Form>
      {form.unshown && <Alert type="error" showIcon title={form.unshown} style={{ marginBottom: 8 }} />}
      {/* Changed by someone else since it was opened: start again from the group buy as it is now. */}
      <SaveRefused error={refusedOnFields ? null : save.error} onReload={editing ? () => reopen(editing.id) : undefined} reloadTestId="reload-group-buy" />
    </Modal>
  );
}

/** Group-buy activities, in the promotions' list pattern: the goods, the price, the units left and the open groups; an early end puts its units back to stock. */
export default function GroupBuys() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <PromotionList<Row>
      kind="groupBuys"
      searchHint={t('console.catalogue.groupBuys.search')}
      nameOf={(r) => r.name}
      canWrite={can('catalogue.write')}
      canEdit={(r) => r.state !== 'ended'}
      canEnd={(r) => r.state !== 'ended' || r.remaining > 0 || r.open_groups > 0}
      endQuestion={(r) => t('console.catalogue.groupBuys.endQuestion', { count: r.remaining, groups: r.open_groups })}
      endedText={(r: EndpointData<typeof endGroupBuyRoute>) => t('console.catalogue.groupBuys.ended', { returned: r.returned, failed: r.failed_groups, refunded: r.refunded_orders, cancelled: r.cancelled_orders, filled: r.filled_groups })}
      Form={GroupBuyForm}
      columns={[
        { title: t('console.common.id'), dataIndex: 'id', width: 70, sorter: true },
        { title: t('console.catalogue.goods.name'), dataIndex: 'name' },
        { title: t('console.catalogue.groupBuys.price'), key: 'price', sorter: true, align: 'right', render: (_, r) => formatMoney(r.price, r.currency) },
        { title: t('console.catalogue.groupBuys.groupSize'), dataIndex: 'group_size', align: 'right' },
        { title: t('console.catalogue.groupBuys.remaining'), key: 'remaining', sorter: true, align: 'right', render: (_, r) => `${formatNumber(r.remaining)} / ${formatNumber(r.quantity)}` },
        { title: t('console.catalogue.groupBuys.openGroups'), dataIndex: 'open_groups', align: 'right' },
        { title: t('console.catalogue.groupBuys.starts'), dataIndex: 'starts_at', sorter: true, render: (v: string) => formatCellDate(v) },
        { title: t('console.catalogue.groupBuys.ends'), dataIndex: 'ends_at', sorter: true, render: (v: string) => formatCellDate(v) },
      ]}
    />
  );
}
