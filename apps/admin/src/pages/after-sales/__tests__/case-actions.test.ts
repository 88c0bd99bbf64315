import { roleAllows, type OperatorRole } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../../app/Shell';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
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
