import type { ApprovalRequest } from '@shop/contract/admin';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalText, changeText } from '../../lib/approvals';

// What a request does, as the approver reads it: a settings request (the referral plan, the shops'
// fee and price band) or a coupon change lists every field it changes from what it was asked from,
// old → new, in the operator's language, not a snapshot that reads the same as what is in force;
// other requests say what they do in the operator's language (their English summary only where the
// API could not read it).

/** How many changes a row of the list shows before "show more". */
const FIRST = 4;

/** A request's "what": its changes old → new (all of them with `whole`, else the first few and "show more"), or what it does in words. */
export function ApprovalWhat({ request, whole = false }: { request: Pick<ApprovalRequest, 'id' | 'kind' | 'currency' | 'summary' | 'what' | 'changes'>; whole?: boolean }) {
  const { t } = useTranslation();
  const text = changeText(t, request);
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
