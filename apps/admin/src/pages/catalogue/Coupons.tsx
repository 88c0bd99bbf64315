import type { adminCouponSchema } from '@shop/contract/catalogue';
import { Alert, App as AntApp, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ColumnsType } from 'antd/es/table';
import type { z } from 'zod';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { PromotionList } from '../../components/PromotionList';
import { formatDateParts, formatMoney, formatNumber } from '../../lib/format';
import { amountOf, amountText, parsePercent, percentOf, showPercent } from '../../lib/money';
import { FormField, fromLocalInput, toLocalInput, useConsoleForm } from '../../lib/form';
import { couponsRoute, createCouponRoute, updateCouponRoute } from '../../lib/routes-catalogue';
import { waitingRequestOf } from '../../lib/approvals';

type Row = z.infer<typeof adminCouponSchema>;
const CURRENCIES = ['USD', 'CNY', 'TWD', 'JPY', 'MYR', 'HUF', 'IDR', 'KHR', 'THB'];

interface Values {
  code: string;
  kind: 'amount' | 'percent';
  amount: string | null;
  percent: string | null;
  currency: string;
  min_spend: string | null;
  starts_at: string;
  ends_at: string;
  per_member_limit: number | null;
  total_limit: number | null;
  reason: string;
}

/** A new coupon, or a change of one (its code, kind and currency stay, and a reason is asked): checked by the contract, then confirmed. */
export function CouponForm({ editing, onClose }: { editing?: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const form = useConsoleForm<Values, Record<string, unknown>>({
    schema: () => import('@shop/contract/orders').then((o) => (editing ? import('@shop/contract/catalogue').then((c) => c.updateCouponBody) : o.couponBody)),
    defaultValues: editing
      ? {
          code: editing.code,
          kind: editing.kind,
          amount: editing.amount === null ? null : amountText(editing.amount, editing.currency),
          percent: editing.percent_bp === null ? null : percentOf(editing.percent_bp),
          currency: editing.currency,
          min_spend: amountText(editing.min_spend, editing.currency),
          starts_at: toLocalInput(editing.starts_at),
          ends_at: toLocalInput(editing.ends_at),
          per_member_limit: editing.per_member_limit,
          total_limit: editing.total_limit,
          reason: '',
        }
      : { code: '', kind: 'amount', amount: null, percent: null, currency: 'USD', min_spend: null, starts_at: '', ends_at: '', per_member_limit: 1, total_limit: null, reason: '' },
    toBody: (v) => {
      const off = {
        amount: v.kind === 'amount' ? amountOf(v.amount, v.currency) : undefined,
        percent_bp: v.kind === 'percent' && v.percent ? (parsePercent(v.percent) ?? Number.NaN) : undefined,
        min_spend: v.min_spend ? amountOf(v.min_spend, v.currency) : 0,
        starts_at: fromLocalInput(v.starts_at),
        ends_at: fromLocalInput(v.ends_at),
        per_member_limit: v.per_member_limit ?? undefined,
        total_limit: v.total_limit ?? null,
      };
      return editing ? { id: editing.id, ...off, reason: v.reason } : { code: v.code.trim(), kind: v.kind, currency: v.currency, ...off, reason: v.reason };
    },
    fieldOf: { percent_bp: 'percent' },
    check: (v) => ({
      percent: v.kind === 'percent' && !v.percent && t('console.catalogue.editor.required'),
      ends_at: v.starts_at && v.ends_at && v.ends_at <= v.starts_at && t('console.catalogue.coupons.endsAfterStart'),
    }),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const save = useEndpointMutation(editing ? updateCouponRoute : createCouponRoute, {
    invalidates: [couponsRoute],
    onSuccess: (answer) => {
      // A coupon is value given: done at once only under the owner's threshold, else a second operator approves it.
      const waiting = waitingRequestOf(answer);
      if (waiting) message.info(t('console.common.sentForApproval', { id: waiting.id }));
      else message.success(editing ? t('console.catalogue.coupons.saved') : t('console.catalogue.coupons.created'));
      onClose();
    },
  });
  // A coupon members can use at once: asked once more before it is issued or changed.
  const submit = form.submit((body) =>
    modal.confirm({
      title: editing ? t('console.catalogue.coupons.saveQuestion') : t('console.catalogue.coupons.createQuestion'),
      content: `${editing?.code ?? String(body.code)}`,
      okText: t('console.common.confirm'),
      cancelText: t('console.common.cancel'),
      onOk: () => save.mutateAsync(body as never).catch(() => undefined),
    }),
  );
  const required = t('console.catalogue.editor.required');
  return (
    <Modal
      open
      title={editing ? `${t('console.catalogue.coupons.edit')} · ${editing.code}` : t('console.catalogue.coupons.new')}
      okText={t('console.common.submit')}
      cancelText={t('console.common.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'coupon-submit' } as never}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form layout="vertical" component="div">
        <Space wrap>
          <FormField form={form} name="code" label={t('console.catalogue.coupons.code')} required message={t('console.catalogue.coupons.codeHint')}>
            <Input maxLength={40} disabled={!!editing} style={{ width: 200, maxWidth: '100%', textTransform: 'uppercase' }} data-testid="coupon-code" />
          </FormField>
          <FormField form={form} name="currency" label={t('console.common.currency')} required>
            <Select disabled={!!editing} style={{ width: 110, maxWidth: '100%' }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </FormField>
        </Space>
        <FormField form={form} name="kind" label={t('console.catalogue.coupons.kind')}>
          <Radio.Group disabled={!!editing} options={[{ value: 'amount', label: t('console.catalogue.coupons.kinds.amount') }, { value: 'percent', label: t('console.catalogue.coupons.kinds.percent') }]} />
        </FormField>
        <Space wrap>
          {kind === 'percent' ? (
            <FormField form={form} name="percent" label={`${t('console.catalogue.coupons.percent')} (%)`} required message={required}>
              <InputNumber<string> stringMode min="0.01" max="100" style={{ width: 140, maxWidth: '100%' }} />
            </FormField>
          ) : (
            <FormField form={form} name="amount" label={`${t('console.catalogue.coupons.amount')} (${currency})`} required message={required}>
              <InputNumber<string> stringMode min="0" style={{ width: 140, maxWidth: '100%' }} data-testid="coupon-amount" />
            </FormField>
          )}
          <FormField form={form} name="min_spend" label={t('console.catalogue.coupons.minSpend')}>
            <InputNumber<string> stringMode min="0" style={{ width: 140, maxWidth: '100%' }} />
          </FormField>
        </Space>
        <Space wrap>
          <FormField form={form} name="starts_at" label={t('console.catalogue.coupons.starts')} required requiredMessage={required}>
            <Input type="datetime-local" style={{ width: 220, maxWidth: '100%' }} data-testid="coupon-starts" />
          </FormField>
          <FormField form={form} name="ends_at" label={t('console.catalogue.coupons.ends')} required requiredMessage={required}>
            <Input type="datetime-local" style={{ width: 220, maxWidth: '100%' }} data-testid="coupon-ends" />
          </FormField>
        </Space>
        <Space wrap>
          <FormField form={form} name="per_member_limit" label={t('console.catalogue.coupons.perMember')}>
            <InputNumber min={1} max={1000} precision={0} />
          </FormField>
          <FormField form={form} name="total_limit" label={t('console.catalogue.coupons.totalLimit')} extra={editing ? t('console.catalogue.coupons.usedSoFar', { count: editing.used }) : undefined}>
            <InputNumber min={1} precision={0} placeholder={t('console.catalogue.coupons.unlimited')} />
          </FormField>
        </Space>
        {/* A coupon is value given: new or changed, a second operator reads why. */}
        <FormField form={form} name="reason" label={t('console.common.reason')} required message={t('console.common.reasonRequired')}>
          <Input.TextArea rows={2} maxLength={300} data-testid="coupon-reason" />
        </FormField>
      </Form>
      {form.unshown && <Alert type="error" showIcon title={form.unshown} style={{ marginBottom: 8 }} />}
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
    </Modal>
  );
}

/** Text that never breaks inside (a code, an amount). */
const WHOLE = { whiteSpace: 'nowrap', overflowWrap: 'normal' } as const;
/** A moment on one line or two: its day and its time, each whole. */
function Moment({ value }: { value: string | null }) {
  const { day, time } = formatDateParts(value);
  return (
    <>
      <span style={WHOLE}>{day}</span>
      {time && (
        <>
          {' '}
          <span style={WHOLE}>{time}</span>
        </>
      )}
    </>
  );
}

/** An amount, never broken inside ("USD 5,00 / 0.00"). */
const Whole = ({ children }: { children: string }) => (
  <span data-amount style={WHOLE}>
    {children}
  </span>
);

/**
 * The coupon list's own columns, each with its width so that, with the state, the maker and the
 * actions, the list fits a 1024 px window: the minimum spend under the discount, the uses a member
 * may make under the uses so far. A code or an amount never breaks mid-word ("WELCOM E5", "USD 5,00
 * 0.00"): a code too long for its column ends in an ellipsis with the whole code on hover; a date
 * breaks only between its day and its time.
 */
export const couponColumns = (t: TFunction): ColumnsType<Row> => [
  {
    title: t('console.catalogue.coupons.code'),
    dataIndex: 'code',
    sorter: true,
    width: 100,
    onCell: () => ({ style: WHOLE }),
    render: (code: string) => (
      <span title={code} data-testid="coupon-code-cell" style={{ ...WHOLE, display: 'inline-block', maxWidth: 84, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}>
        {code}
      </span>
    ),
  },
  {
    title: t('console.catalogue.coupons.kind'),
    key: 'off',
    width: 108,
    render: (_, r) => (
      <>
        <Whole>{r.kind === 'amount' ? formatMoney(r.amount ?? 0, r.currency) : showPercent(r.percent_bp ?? 0)}</Whole>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('console.catalogue.coupons.minSpend')} <Whole>{formatMoney(r.min_spend, r.currency)}</Whole>
        </Typography.Text>
      </>
    ),
  },
  { title: t('console.catalogue.coupons.starts'), dataIndex: 'starts_at', sorter: true, width: 100, render: (v: string) => <Moment value={v} /> },
  { title: t('console.catalogue.coupons.ends'), dataIndex: 'ends_at', sorter: true, width: 100, render: (v: string) => <Moment value={v} /> },
  {
    title: t('console.catalogue.coupons.used'),
    key: 'used',
    sorter: true,
    width: 88,
    render: (_, r) => (
      <>
        <Whole>{`${formatNumber(r.used)} / ${r.total_limit === null ? '∞' : formatNumber(r.total_limit)}`}</Whole>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('console.catalogue.coupons.perMember')}: {formatNumber(r.per_member_limit)}
        </Typography.Text>
      </>
    ),
  },
];

/** Coupon codes with their uses, in the promotions' list pattern: the kind, the minimum spend, the dates and the uses. */
export default function Coupons() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <PromotionList<Row>
      kind="coupons"
      searchHint={t('console.catalogue.coupons.code')}
      nameOf={(r) => r.code}
      canWrite={can('settings.write')}
      canEdit={() => true}
      canEnd={(r) => r.state !== 'ended'}
      endQuestion={() => t('console.catalogue.coupons.endQuestion')}
      Form={CouponForm}
      columns={couponColumns(t)}
    />
  );
}
