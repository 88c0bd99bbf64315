import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { caseEventLine } from '../case-event-line';

// A case's history in the console names the operator who acted, not only that an operator did.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
const line = (e: Parameters<typeof caseEventLine>[1]) => caseEventLine(i18n.t.bind(i18n) as never, e).split(' · ').slice(1);

describe('a line of a case’s history', () => {
  it('an operator’s decision names them, with the reason', () => {
    expect(line({ kind: 'approved', from: 'under_review', to: 'awaiting_return', reason: 'worn box', follows_case_no: null, by: 'operator', operator: 'owner1#1', at: '2026-11-28T10:00:00.000Z' })).toEqual(['Approved', 'owner1#1', 'worn box']);
  });

  it('the member’s own step says the member, without an empty reason', () => {
    expect(line({ kind: 'submitted', from: null, to: 'under_review', reason: '', follows_case_no: null, by: 'member', operator: null, at: '2026-11-28T09:00:00.000Z' })).toEqual([i18n.t('console.afterSales.event.submitted'), 'Member']);
  });

  it('who acted is said in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    try {
      expect(line({ kind: 'closed', from: 'awaiting_return', to: 'closed', reason: '', follows_case_no: null, by: 'job', operator: null, at: '2026-11-28T09:00:00.000Z' })[1]).toBe(i18n.t('console.money.actors.job'));
      expect(i18n.t('console.money.actors.job')).not.toBe('Job');
    } finally {
      await changeLanguage('en-us');
    }
  });

  it('a case sent again names the case it follows, and goods back on sale are said so, in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    try {
      expect(line({ kind: 'submitted', from: null, to: 'under_review', reason: '', follows_case_no: 'AS26112800000007', by: 'member', operator: null, at: '2026-11-28T09:00:00.000Z' })).toEqual(['提交', i18n.t('console.money.actors.member'), '重新申请，原售后单号 AS26112800000007']);
      expect(line({ kind: 'received', from: 'return_shipped', to: 'received', reason: 'resellable', follows_case_no: null, by: 'operator', operator: 'owner1#1', at: '2026-11-28T10:00:00.000Z' })).toEqual(['已收货', 'owner1#1', '重新上架']);
    } finally {
      await changeLanguage('en-us');
    }
  });
});
