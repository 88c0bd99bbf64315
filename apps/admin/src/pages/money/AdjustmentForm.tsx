import type { adjustmentBody } from '@shop/contract/admin';
import { Alert, App as AntApp, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { ApiError } from '../../lib/request';
import { memberRoute } from '../../lib/routes';
import { FormField, useConsoleForm } from '../../lib/form';
import { memberPostingAnswers, requestAdjustmentRoute } from '../../lib/routes-money';
import { parseAmount, POINTS } from '../../lib/money';

interface Values {
  user_id: number | null;
  asset: 'cash' | 'points' | 'shopping_points';
  currency: string;
  amount: string;
  reason: string;
}

/** Asks for a manual adjustment of a member's balance (one idempotency key per dialog): posted at once within the limit, else queued for a second operator. */
export function AdjustmentForm({ memberId, onClose }: { memberId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const form = useConsoleForm<Values, z.output<typeof adjustmentBody>>({
    schema: () => import('@shop/contract/admin').then((m) => m.adjustmentBody),
    defaultValues: { user_id: memberId ?? null, asset: 'cash', currency: 'USD', amount: '', reason: '' },
    toBody: (v) => {
      const currency = v.asset === 'cash' ? (v.currency ?? '').trim().toUpperCase() : POINTS;
      return { user_id: v.user_id, asset: v.asset, ...(v.asset === 'cash' ? { currency } : {}), amount: parseAmount(v.amount, /^[A-Z]{3}$/.test(currency) ? currency : 'USD') ?? 0, reason: v.reason };
    },
  });
  const asset = useWatch({ control: form.control, name: 'asset' }) ?? 'cash';
  // Whose balance it is, read as soon as an ID is typed: the member's name, or "no member with this ID" before anything is sent.
  const userId = useWatch({ control: form.control, name: 'user_id' });
  const lookup = useEndpointQuery(memberRoute, { id: userId ?? 0 }, { enabled: typeof userId === 'number' && userId > 0, retry: false });
  const unknownMember = typeof userId === 'number' && userId > 0 && lookup.error instanceof ApiError && (lookup.error.status === 404 || lookup.error.code === 404 || lookup.error.code === 2020);
  const whose = !userId || lookup.isFetching ? null : unknownMember ? (
    <Typography.Text type="danger" data-testid="adjust-member-unknown">{t('console.money.adjust.noSuchMember', { id: userId })}</Typography.Text>
  ) : lookup.data ? (
    <Typography.Text data-testid="adjust-member-name">{lookup.data.nickname ? `${lookup.data.user_name} · ${lookup.data.nickname}` : lookup.data.user_name}</Typography.Text>
  ) : lookup.error ? (
    <Typography.Text type="warning">{lookup.error.message}</Typography.Text>
  ) : null;
  const mutation = useEndpointMutation(requestAdjustmentRoute, {
    invalidates: memberPostingAnswers,
    onSuccess: (a) => {
      message.success(a.status === 'posted' ? t('console.money.adjust.posted') : t('console.money.adjust.pending'));
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('console.money.adjust.title')}
      okText={t('console.common.submit')}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ loading: mutation.isPending, 'data-testid': 'adjust-submit' } as never}
      onOk={() => void form.submit((body) => !mutation.isPending && !unknownMember && mutation.mutate(body))()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <FormField form={form} name="user_id" label={t('console.money.adjust.member')} required extra={whose}>
          <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} disabled={memberId !== undefined} data-testid="adjust-member" />
        </FormField>
        <FormField form={form} name="asset" label={t('console.money.ledger.asset')}>
          <Select options={(['cash', 'points', 'shopping_points'] as const).map((a) => ({ value: a, label: t(`console.members.assets.${a}`) }))} data-testid="adjust-asset" />
        </FormField>
        {asset === 'cash' && (
          <FormField form={form} name="currency" label={t('console.common.currency')} required message={t('console.money.adjust.currencyHint')}>
            <Input maxLength={3} style={{ textTransform: 'uppercase' }} data-testid="adjust-currency" />
          </FormField>
        )}
        <FormField form={form} name="amount" label={t('console.common.amount')} extra={t('console.money.adjust.amountHint')} message={t('console.money.adjust.invalidAmount')}>
          <Input inputMode="decimal" data-testid="adjust-amount" />
        </FormField>
        <FormField form={form} name="reason" label={t('console.common.reason')} required message={t('console.common.reasonRequired')}>
          <Input.TextArea rows={3} maxLength={300} data-testid="adjust-reason" />
        </FormField>
      </Form>
      {form.unshown && <Alert type="error" showIcon title={form.unshown} style={{ marginBottom: 8 }} />}
      {/* The shared mutation's refusal: one that said only that the session had ended goes once its operator signs in again. */}
      {mutation.error && <Alert type="error" showIcon title={mutation.error.message} />}
    </Modal>
  );
}
