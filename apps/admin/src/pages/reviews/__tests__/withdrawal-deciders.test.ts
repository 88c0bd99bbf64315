import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { withdrawalDeciders } from '../withdrawal-deciders';

// The withdrawal drawer names each decider apart: the approvers against the approvals needed, who
// rejected it, who marked it paid (never the payer as the reviewer).

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
const shown = (r: Parameters<typeof withdrawalDeciders>[1]) => withdrawalDeciders(i18n.t.bind(i18n) as never, r).map((f) => `${f.label}: ${f.value}`);

describe('who decided a withdrawal, in its drawer', () => {
  it('a paid one above the threshold: both approvers of two needed, and the payer apart', () => {
    expect(shown({ status: 'paid', approvers: ['fin1#2', 'fin2#3'], approvals_needed: 2, rejected_by: null, paid_by: 'owner1#1' })).toEqual([
      'Approved by: fin1#2, fin2#3 · 2 of 2 approvals',
      'Paid by: owner1#1',
    ]);
  });

  it('a pending one shows how many approvals are in, none at first', () => {
    expect(shown({ status: 'pending', approvers: ['fin1#2'], approvals_needed: 2, rejected_by: null, paid_by: null })).toEqual(['Approved by: fin1#2 · 1 of 2 approvals']);
    expect(shown({ status: 'pending', approvers: [], approvals_needed: 1, rejected_by: null, paid_by: null })).toEqual(['Approved by: 0 of 1 approvals']);
  });

  it('a rejected one names who rejected it, beside an approval given before', () => {
    expect(shown({ status: 'rejected', approvers: ['fin1#2'], approvals_needed: 1, rejected_by: 'fin2#3', paid_by: null })).toEqual([
      'Approved by: fin1#2 · 1 of 1 approvals',
      'Rejected by: fin2#3',
    ]);
    expect(shown({ status: 'rejected', approvers: [], approvals_needed: 1, rejected_by: 'fin2#3', paid_by: null })).toEqual(['Rejected by: fin2#3']);
  });

  it('in another language too', async () => {
    await changeLanguage('zh-cn');
    expect(shown({ status: 'paid', approvers: ['fin1#2', 'fin2#3'], approvals_needed: 2, rejected_by: null, paid_by: 'owner1#1' })).toEqual(['批准人: fin1#2, fin2#3 · 已批准 2/2', '付款操作人: owner1#1']);
    await changeLanguage('en-us');
  });
});
