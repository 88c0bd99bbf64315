import type { ApprovalChange, ApprovalRequest } from '@shop/contract/admin';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalText } from '../../lib/approvals';
import { formatDate, formatNumber } from '../../lib/format';
import { showAmount, showPercent } from '../../lib/money';

// What a request does, as the approver reads it: a settings request (the referral plan, the shops'
// fee and price band) or a coupon change lists every field it changes from what it was asked from,
// old → new, in the operator's language, not a snapshot that reads the same as what is in force;
// other requests say what they do in the operator's language (their English summary only where the
// API could not read it).

/** How a field's values read: money in the request's currency, a percentage, a moment, a limit (null: none). */
type Shape = 'money' | 'percent' | 'date' | 'limit';
/** The coupon editor's label of each field a coupon change has. */
const COUPON_LABELS: Record<string, string> = { amount: 'amount', percent_bp: 'percent', min_spend: 'minSpend', starts_at: 'starts', ends_at: 'ends', per_member_limit: 'perMember', total_limit: 'totalLimit' };
/** The shop settings page's label of each field a change of the fee or the price band has. */
const SHOP_SETTINGS_LABELS: Record<string, string> = { fee_bp: 'fee', price_below_bp: 'below', price_above_bp: 'above' };
/** Each kind with changes: where its field labels live in the console's packs, and the fields that are not plain numbers, yes/no or words. */
const FIELDS: Partial<Record<ApprovalRequest['kind'], { label: (field: string) => string; shapes: Record<string, Shape> }>> = {
  'referral.plan': {
    label: (f) => `console.referral.plan.${f}`,
    shapes: { pair_rate_bp: 'percent', level1_rate_bp: 'percent', level2_rate_bp: 'percent', level3_rate_bp: 'percent', pv_value_minor: 'money', default_daily_cap_minor: 'money', daily_cap: 'money' },
  },
  'coupon.update': {
    label: (f) => `console.catalogue.coupons.${COUPON_LABELS[f] ?? f}`,
    shapes: { amount: 'money', min_spend: 'money', percent_bp: 'percent', starts_at: 'date', ends_at: 'date', total_limit: 'limit' },
  },
  'shop.settings': {
    label: (f) => `console.shops.settings.${SHOP_SETTINGS_LABELS[f] ?? f}`,
    shapes: { fee_bp: 'percent', price_below_bp: 'percent', price_above_bp: 'percent' },
  },
};
/** How many changes a row of the list shows before "show more". */
const FIRST = 4;

/** One change in words: its label (a star's field with its star) and old → new, money in its currency, rates as percentages. */
function useChangeText(request: Pick<ApprovalRequest, 'kind' | 'currency' | 'changes'>) {
  const { t } = useTranslation();
  const fields = FIELDS[request.kind];
  // Amounts before a change of the bonus currency were in the old one.
  const oldCurrency = request.changes?.find((c) => c.field === 'bonus_currency')?.from;
  const value = (c: ApprovalChange, v: ApprovalChange['from'], currency: string) => {
    const shape = fields?.shapes[c.field];
    if (v === null) return shape === 'limit' ? t('console.money.approvals.what.noLimit') : '—';
    if (typeof v === 'boolean') return t(v ? 'console.money.approvals.yes' : 'console.money.approvals.no');
    if (typeof v === 'string') return shape === 'date' ? formatDate(v) : v;
    if (shape === 'percent') return showPercent(v);
    if (shape === 'money') return showAmount(v, currency);
    return formatNumber(v);
  };
  return (c: ApprovalChange) => {
    const field = fields ? t(fields.label(c.field)) : c.field;
    const label = c.star === null ? field : t('console.money.approvals.starField', { star: c.star, field });
    return `${label}: ${value(c, c.from, typeof oldCurrency === 'string' ? oldCurrency : request.currency)} → ${value(c, c.to, request.currency)}`;
  };
}

/** A request's "what": its changes old → new (all of them with `whole`, else the first few and "show more"), or what it does in words. */
export function ApprovalWhat({ request, whole = false }: { request: Pick<ApprovalRequest, 'id' | 'kind' | 'currency' | 'summary' | 'what' | 'changes'>; whole?: boolean }) {
  const { t } = useTranslation();
  const text = useChangeText(request);
  const [open, setOpen] = useState(whole);
  const changes = request.changes;
  if (changes === null) return <>{approvalText(t, request)}</>;
  // A coupon's changes read under its code.
  const head = request.what?.key === 'coupon_change' && <div>{t('console.money.approvals.what.coupon_code', { code: request.what.code })}</div>;
  if (changes.length === 0)
    return (
      <>
        {head}
        <Typography.Text type="warning">{t('console.money.approvals.noChanges')}</Typography.Text>
      </>
    );
  const shown = open ? changes : changes.slice(0, FIRST);
  return (
    <div data-testid={`approval-changes-${request.id}`}>
      {head}
      {shown.map((c) => (
        <div key={`${c.star ?? ''}:${c.field}`} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {text(c)}
        </div>
      ))}
      {!open && changes.length > FIRST && (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)}>
          {t('console.money.approvals.moreChanges', { count: changes.length - FIRST })}
        </Button>
      )}
    </div>
  );
}
