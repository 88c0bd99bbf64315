import type { ApprovalChange, ApprovalRequest } from '@shop/contract/admin';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalText } from '../../lib/approvals';
import { formatNumber } from '../../lib/format';
import { showAmount, showPercent } from '../../lib/money';

// What a request does, as the approver reads it: a settings request (the referral plan) lists every
// field it changes from the settings it was asked from, old → new, in the operator's language, not a
// snapshot that reads the same as the plan in force; other requests say what they do in the
// operator's language (their English summary only where the API could not read it).

/** Where a kind's field labels live in the console's packs. */
const LABELS: Partial<Record<ApprovalRequest['kind'], string>> = { 'referral.plan': 'console.referral.plan.' };
const RATES = new Set(['pair_rate_bp', 'level1_rate_bp', 'level2_rate_bp', 'level3_rate_bp']);
const MONEY = new Set(['pv_value_minor', 'default_daily_cap_minor', 'daily_cap']);
/** How many changes a row of the list shows before "show more". */
const FIRST = 4;

/** One change in words: its label (a star's field with its star) and old → new, money in its currency, rates as percentages. */
function useChangeText(request: Pick<ApprovalRequest, 'kind' | 'currency' | 'changes'>) {
  const { t } = useTranslation();
  // Amounts before a change of the bonus currency were in the old one.
  const oldCurrency = request.changes?.find((c) => c.field === 'bonus_currency')?.from;
  const value = (c: ApprovalChange, v: ApprovalChange['from'], currency: string) => {
    if (v === null) return '—';
    if (typeof v === 'boolean') return t(v ? 'console.money.approvals.yes' : 'console.money.approvals.no');
    if (typeof v === 'string') return v;
    if (RATES.has(c.field)) return showPercent(v);
    if (MONEY.has(c.field)) return showAmount(v, currency);
    return formatNumber(v);
  };
  return (c: ApprovalChange) => {
    const prefix = LABELS[request.kind];
    const field = prefix ? t(`${prefix}${c.field}`) : c.field;
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
  if (changes.length === 0) return <Typography.Text type="warning">{t('console.money.approvals.noChanges')}</Typography.Text>;
  const shown = open ? changes : changes.slice(0, FIRST);
  return (
    <div data-testid={`approval-changes-${request.id}`}>
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
