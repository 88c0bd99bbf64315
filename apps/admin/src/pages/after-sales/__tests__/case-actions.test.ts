import { roleAllows, type OperatorRole } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../../app/Shell';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { fieldsOf } from '../../../components/ReviewQueue';
import { caseActions, type Row } from '../case-actions';

// Finance refunds returns from the after-sales queue: the page is in their menu and opens, and the
// drawer offers them the refund only; support decides cases but never sees the refund.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
const t = i18n.t.bind(i18n) as never;
const can = (role: OperatorRole) => (p: Parameters<typeof roleAllows>[1]) => roleAllows(role, p);
/** The buttons a case in `status` shows to `role`. */
const buttons = (role: OperatorRole, status: Row['status'], kind: Row['kind'] = 'return') =>
  caseActions(t, can(role))
    .filter((a) => a.when({ status, kind } as Row))
    .map((a) => a.key);

/** The after-sales queue's page in the menu, and whether `role` may open it. */
const queueOpensFor = (role: OperatorRole) => {
  const page = PAGES(t)
    .flatMap((p) => ('group' in p ? p.children : [p]))
    .find((p) => p.path === '/orders/after-sales')!;
  return roleAllows(role, page.permission);
};

describe('the after-sales queue by role', () => {
  it('finance opens the queue and may refund a received return, with no other decision', () => {
    expect(queueOpensFor('finance')).toBe(true);
    expect(buttons('finance', 'received')).toEqual(['refund']);
    expect(buttons('finance', 'refunding')).toEqual(['refund']);
    expect(buttons('finance', 'under_review')).toEqual([]);
    expect(buttons('finance', 'return_shipped')).toEqual([]);
    expect(buttons('finance', 'received', 'exchange')).toEqual([]);
  });

  it('support decides cases but is offered no refund', () => {
    expect(queueOpensFor('support')).toBe(true);
    expect(buttons('support', 'under_review')).toEqual(['approve', 'reject', 'close']);
    expect(buttons('support', 'received')).toEqual([]);
    expect(buttons('support', 'received', 'exchange')).toEqual(['ship']);
  });

  it('the owner is offered every decision', () => {
    expect(buttons('owner', 'received')).toEqual(['refund']);
    expect(buttons('owner', 'return_shipped')).toEqual(['receive', 'refuse', 'close']);
  });

  it('the catalogue role does not open the queue', () => {
    expect(queueOpensFor('catalogue')).toBe(false);
    expect(buttons('catalogue', 'received')).toEqual([]);
  });
});

/** The dialog `key` opens on a case of `kind` in `status` (as the drawer offers it to the owner). */
const dialog = (key: string, status: Row['status'], kind: Row['kind'], row: Partial<Row> = {}) => {
  const r = { id: 7, case_no: 'AS7', order_no: 'O-20261129-7', status, kind, currency: 'USD', refundable: 1250, refund: null, ...row } as Row;
  const action = caseActions(t, can('owner')).find((a) => a.key === key && a.when(r))!;
  return { action, row: r, fields: fieldsOf(action, r), question: typeof action.question === 'function' ? action.question(r) : action.question };
};

describe('the decisions’ dialogs', () => {
  it('only a return’s approval asks for a refund: an exchange or a repair moves no money', () => {
    expect(dialog('approve', 'under_review', 'return').fields.map((f) => f.name)).toEqual(['refund_amount', 'refund_reason', 'reason']);
    for (const kind of ['exchange', 'warranty'] as const) expect(dialog('approve', 'under_review', kind).fields.map((f) => f.name), kind).toEqual(['reason']);
    const { action, row } = dialog('approve', 'under_review', 'return');
    expect(action.toBody!(row, { refund_amount: '8.50', reason: '' })).toEqual({ id: 7, reason: '', refund_amount: 850 });
  });

  it('a return’s approval names the currency its refund is typed in, the case’s own', () => {
    expect(dialog('approve', 'under_review', 'return').fields[0]!.label).toBe('Refund (USD)');
    expect(dialog('approve', 'under_review', 'return', { currency: 'MYR' }).fields[0]!.label).toBe('Refund (MYR)');
  });

  it('the refund names its amount in the case’s currency and where the money goes, in the operator’s language', async () => {
    expect(dialog('refund', 'received', 'return', { refund: 850 }).question).toMatch(/^Refund USD\s8\.50 to the member for order O-20261129-7\?.*balance to their wallet/);
    // Before a refund was approved, all that is refundable.
    expect(dialog('refund', 'received', 'return').question).toMatch(/USD\s12\.50/);
    await changeLanguage('th');
    try {
      expect(dialog('refund', 'received', 'return', { refund: 850 }).question).toMatch(/^คืนเงิน .*8\.50.* ให้สมาชิกสำหรับคำสั่งซื้อ O-20261129-7/);
    } finally {
      await changeLanguage('en-us');
    }
  });

  it('goods received are back on sale only when chosen: the choice is required and shows "No" until changed', () => {
    const { action, row, fields } = dialog('receive', 'return_shipped', 'return');
    expect(fields[0]).toMatchObject({ name: 'resellable', required: true, initial: 'no' });
    expect(fields[0]!.options!.find((o) => o.value === fields[0]!.initial)!.label).toBe('No: keep out of stock');
    expect(action.toBody!(row, { resellable: 'no' })).toEqual({ id: 7, resellable: false });
  });

  it('each note says whether the member reads it: an approval’s is internal; a rejection’s, a refused receipt’s and a closing’s reach the member', () => {
    const noteLabel = (key: string, status: Row['status'], kind: Row['kind'] = 'return') => dialog(key, status, kind).fields.find((f) => f.name === 'reason')!.label;
    expect(noteLabel('approve', 'under_review')).toBe('Internal note (the member does not see it)');
    expect(noteLabel('approve', 'under_review', 'exchange')).toBe('Internal note (the member does not see it)');
    for (const [key, status] of [['reject', 'under_review'], ['refuse', 'return_shipped'], ['close', 'awaiting_return']] as const) expect(noteLabel(key, status), key).toBe('Reason (the member reads it)');
  });

  it('closing a case says so, not "Close" as a dialog’s button would', async () => {
    expect(dialog('close', 'under_review', 'return').action.label).toBe('Close case');
    await changeLanguage('zh-cn');
    try {
      expect(dialog('close', 'under_review', 'return').action.label).toBe('关闭售后单');
    } finally {
      await changeLanguage('en-us');
    }
  });
});
