import type { adminWithdrawalSchema } from '@shop/contract/wallet';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Deciders = Pick<z.infer<typeof adminWithdrawalSchema>, 'status' | 'approvers' | 'approvals_needed' | 'rejected_by' | 'paid_by'>;

/**
 * Who decided what on a withdrawal, each apart: its approvers against the approvals it needs (while
 * it waits too, so a half-approved one shows it), who rejected it, who marked it paid.
 */
export function withdrawalDeciders(t: TFunction, r: Deciders): Array<{ label: string; value: string }> {
  const count = t('console.withdrawal.approvalsCount', { given: r.approvers.length, needed: r.approvals_needed });
  const showApprovals = r.approvers.length > 0 || r.status === 'pending';
  return [
    ...(showApprovals ? [{ label: t('console.withdrawal.approvedBy'), value: r.approvers.length ? `${r.approvers.join(', ')} · ${count}` : count }] : []),
    ...(r.rejected_by ? [{ label: t('console.withdrawal.rejectedBy'), value: r.rejected_by }] : []),
    ...(r.paid_by ? [{ label: t('console.withdrawal.paidBy'), value: r.paid_by }] : []),
  ];
}
