import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@shop/contract/common';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Audit from '../Audit';

// The audit log in Simplified Chinese read "…4879 package #1 DHL JD0012345678" for a shipment and
// "#1 2 × 1500.00 USD gift cards" for a gift-card request: the server wrote the details in English.
// It now records them as facts the console words in the operator's language; older entries, recorded
// as text, still show as they were written.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-12-01T09:15:00.000Z';
const entry = (id: number, action: string, target_type: string, target_id: number, reason: string | null, facts: unknown) => ({ id, operator: 'olivia#1', action, target_type, target_id, reason, via: null, facts, created_at: at });
const audit = {
  list: [
    entry(4, 'order.ship', 'order', 9, null, { key: 'shipment', order_no: '202612014879', package_id: 1, carrier: 'DHL', tracking_number: 'JD0012345678' }),
    entry(3, 'gift_cards.issue.request #1', 'approval', 1, '生日礼物', { key: 'request', what: { key: 'gift_cards', count: 2, value: 150000, currency: 'USD' } }),
    entry(2, 'order.tracking_event', 'order', 9, null, { key: 'tracking_event', package_id: 1, delivered: true, text: 'Left at the door' }),
    entry(1, 'order.ship 202611304000 package #7 SF SF123', 'order', 8, null, null),
    // A family's decision, a settings request's changes (and one recorded before they were facts), one approval of two.
    entry(10, 'application.reject', 'role_application', 5, 'documents unreadable', null),
    entry(11, 'referral.plan.request #1', 'approval', 1, 'raise the cap', { key: 'request_changes', currency: 'USD', changes: [{ field: 'default_daily_cap_minor', star: null, from: 30000, to: 1000000000000000 }, { field: 'daily_cap', star: 2, from: 50000, to: 60000 }] }),
    entry(12, 'referral.plan.request #2 plan: default_daily_cap_minor 30000 → 40000', 'approval', 2, 'older request', null),
    entry(13, 'shop.paused', 'shop', 3, 'owner on holiday', null),
    entry(14, 'order.cancel.refunding', 'order', 7, 'out of stock', null),
    entry(15, 'withdrawal.approve', 'withdrawal', 4, 'statement checked', { key: 'approvals_given', given: 1, needed: 2 }),
    // An operator created once another owner approved it, and one recorded before its details were facts.
    entry(16, 'operator.create', 'operator', 8, 'new accountant', { key: 'operator_role', role: 'finance', request_id: 1, asked_by: 'alice#1' }),
    entry(17, 'operator.create role=support approval=#2 asked_by=alice#1', 'operator', 9, 'older operator', null),
  ],
  total: 12,
  page: 1,
  limit: 50,
};
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const data = new URL(url, 'http://console').pathname === '/admin/api/audit' ? audit : { list: [], total: 0, page: 1, limit: 50 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const shown = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <Audit />
      </AntApp>
    </QueryClientProvider>,
  );
const rowOf = async (text: string) => (await screen.findAllByText(text, { exact: false }))[0]!.closest('tr')!;

describe('the audit log’s details', () => {
  it('word a shipment, a delivery and a gift-card request in Simplified Chinese', async () => {
    await changeLanguage('zh-cn');
    shown();
    const shipment = (await rowOf('JD0012345678')).textContent!;
    expect(shipment).toContain('订单 202612014879');
    expect(shipment).toContain('包裹 #1');
    expect(shipment).not.toContain('package');
    const request = (await rowOf('生日礼物')).textContent!;
    expect(request).toContain('#1');
    expect(request).toContain('2 张面值');
    expect(request).not.toContain('gift cards');
    // What the operator typed stays as typed.
    const delivery = (await rowOf('Left at the door')).textContent!;
    expect(delivery).toContain('已送达');
    expect(delivery).not.toContain('delivered');
    // An entry recorded before, as text, still shows it.
    expect((await rowOf('SF123')).textContent).toContain('202611304000 package #7 SF SF123');
    // An operator created on another owner's approval: it read "已创建操作员 role=finance approval=#1 asked_by=alice#1".
    const operator = (await rowOf('new accountant')).textContent!;
    expect(operator).toContain('角色：财务; 经审批申请 #1 批准，申请人 alice#1');
    expect(operator).not.toMatch(/role=|approval=|asked_by=/);
    expect((await rowOf('older operator')).textContent).toContain('role=support approval=#2 asked_by=alice#1');
  });

  it('in English', async () => {
    await changeLanguage('en-us');
    shown();
    expect((await rowOf('JD0012345678')).textContent).toContain('Order 202612014879, package #1: DHL JD0012345678');
    expect((await rowOf('Left at the door')).textContent).toContain('Package #1 delivered: Left at the door');
    expect(document.body.textContent).toContain('#1 2 gift cards of');
  });

  // The log read "身份申请 reject" for a rejected role application and "申请：推荐奖励方案 #1 plan:
  // default_daily_cap_minor 30000 → 1000000000000000" for a change of the referral plan.
  it.each<[Language, Record<string, string>]>([
    ['zh-cn', { rejected: '身份申请已驳回', plan: '申请：推荐奖励方案', cap: '无星级每日封顶: ', paused: '会员店铺已暂停', refunding: '订单已取消，退款处理中', approvals: '已获 1/2 个批准' }],
    ['hu', { rejected: 'Szerep-jelentkezés elutasítva', plan: 'Kérelmezve: ', cap: ': ', paused: 'Tagi bolt szüneteltetve', refunding: 'Rendelés törölve, visszatérítés folyamatban', approvals: '1 / 2 jóváhagyás' }],
  ])('word decisions and settings requests in %s: no English verb, no field name, money as money', async (lang, words) => {
    await changeLanguage(lang);
    shown();
    const rejected = (await rowOf('documents unreadable')).textContent!;
    expect(rejected).toContain(words.rejected);
    expect(rejected).not.toMatch(/reject/);
    const plan = (await rowOf('raise the cap')).textContent!;
    expect(plan).toContain(words.plan);
    expect(plan).toContain(words.cap);
    expect(plan).toMatch(/300[.,]00/);
    expect(plan).not.toMatch(/default_daily_cap_minor|daily_cap|plan:|30000\b/);
    // An older request recorded as text still shows as recorded, under its words.
    expect((await rowOf('older request')).textContent).toContain('#2 plan: default_daily_cap_minor 30000 → 40000');
    const paused = (await rowOf('owner on holiday')).textContent!;
    expect(paused).toContain(words.paused);
    expect(paused).not.toMatch(/paused/);
    const refunding = (await rowOf('out of stock')).textContent!;
    expect(refunding).toContain(words.refunding);
    expect(refunding).not.toMatch(/refunding/);
    const approval = (await rowOf('statement checked')).textContent!;
    expect(approval).toContain(words.approvals);
    expect(approval).not.toMatch(/ of /);
  });
});
