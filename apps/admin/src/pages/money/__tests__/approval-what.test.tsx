import type { ApprovalRequest } from '@shop/contract/admin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { ApprovalWhat } from '../ApprovalWhat';

// The approver reads what a plan request changes, old → new, in their language: not a summary that
// reads the same as the plan in force.

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const planRequest = (changes: ApprovalRequest['changes']) => ({ id: 7, kind: 'referral.plan' as const, currency: 'USD', summary: 'pair 100 PV × 10 %, commissions 5 % / 2 %, 5 star(s)', what: null, changes });
const tenfold: NonNullable<ApprovalRequest['changes']> = [
  { field: 'pv_value_minor', star: null, from: 100, to: 1000 },
  { field: 'time_zone', star: null, from: 'Asia/Kuala_Lumpur', to: 'Asia/Tokyo' },
  { field: 'keep_star', star: null, from: true, to: false },
  { field: 'level1_rate_bp', star: null, from: 700, to: 500 },
  { field: 'daily_cap', star: 1, from: 3000, to: 500_000 },
];

describe('what a plan request changes', () => {
  it('lists every field old → new with its label, money in its currency and rates in percent; the list shows the first few, then all on request', async () => {
    await changeLanguage('en-us');
    render(<ApprovalWhat request={planRequest(tenfold)} />);
    const box = screen.getByTestId('approval-changes-7');
    expect(box.textContent).toMatch(/Money per PV: USD\s1\.00 → USD\s10\.00/);
    expect(box.textContent).toContain('Time zone of the day: Asia/Kuala_Lumpur → Asia/Tokyo');
    expect(box.textContent).toContain('Keep a star once reached: Yes → No');
    expect(box.textContent).toContain('Level 1 rate: 7 % → 5 %');
    expect(box.textContent).not.toContain('Star 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(screen.getByTestId('approval-changes-7').textContent).toMatch(/Star 1 · Daily cap: USD\s30\.00 → USD\s5,000\.00/);
    expect(screen.getByTestId('approval-changes-7').textContent).not.toContain('5 star(s)');
  });

  it('shows all of them in the dialog, in the operator’s language, and says so when nothing differs', async () => {
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={planRequest(tenfold)} whole />);
    expect(screen.getByTestId('approval-changes-7').textContent).toContain('1 星 · ');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<ApprovalWhat request={planRequest([])} />);
    expect(screen.getByText('与当前生效的内容没有任何不同')).toBeTruthy();
    await changeLanguage('en-us');
  });
});

describe('what a coupon change changes', () => {
  const terms = { key: 'coupon_change' as const, code: 'AUTUMN', currency: 'USD', amount: 750, percent_bp: null, min_spend: 5_000, starts_at: '2030-02-01T12:00:00.000Z', ends_at: '2030-03-15T12:00:00.000Z', per_member_limit: 2, total_limit: null };
  const couponChange = (changes: ApprovalRequest['changes'], what: ApprovalRequest['what'] = terms) => ({ id: 9, kind: 'coupon.update' as const, currency: 'USD', summary: 'coupon AUTUMN: amount: 500 → 750', what, changes });

  it('lists under its code each field it changes, old → new, in the operator’s language with the money in the coupon’s currency', async () => {
    await changeLanguage('zh-cn');
    render(
      <ApprovalWhat
        request={couponChange([
          { field: 'amount', star: null, from: 500, to: 750 },
          { field: 'min_spend', star: null, from: 2_000, to: 5_000 },
          { field: 'ends_at', star: null, from: '2030-02-15T12:00:00.000Z', to: '2030-03-15T12:00:00.000Z' },
          { field: 'total_limit', star: null, from: 1_200, to: null },
        ])}
        whole
      />,
    );
    const box = screen.getByTestId('approval-changes-9');
    expect(box.textContent).toMatch(/^优惠券 AUTUMN/);
    expect(box.textContent).toMatch(/减免金额: USD\s5\.00 → USD\s7\.50/);
    expect(box.textContent).toMatch(/最低消费: USD\s20\.00 → USD\s50\.00/);
    expect(box.textContent).toMatch(/结束: 2030年2月15日.* → 2030年3月15日/);
    expect(box.textContent).toContain('总可用次数: 1,200 → 不限');
    // What stays is not repeated: not its start, not its uses per member.
    expect(box.textContent).not.toContain('开始');
    expect(box.textContent).not.toContain('每人可用次数');
    cleanup();
    render(<ApprovalWhat request={couponChange([{ field: 'percent_bp', star: null, from: 1_000, to: 1_250 }])} />);
    expect(screen.getByTestId('approval-changes-9').textContent).toContain('折扣比例: 10 % → 12.5 %');
    await changeLanguage('en-us');
  });

  it('says so when nothing differs; a request stored before changes were recorded reads its whole terms', async () => {
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={couponChange([])} />);
    expect(screen.getByText('与当前生效的内容没有任何不同')).toBeTruthy();
    expect(document.body.textContent).toContain('优惠券 AUTUMN');
    cleanup();
    render(<ApprovalWhat request={couponChange(null)} />);
    expect(document.body.textContent).toMatch(/^优惠券 AUTUMN：优惠 USD\s7\.50，最低消费 USD\s50\.00，/);
    await changeLanguage('en-us');
  });
});

describe('what a change of the shop fee or price band changes', () => {
  it('lists each field with the shop settings’ label, old → new as percentages, in the operator’s language', async () => {
    const shopRequest = { id: 11, kind: 'shop.settings' as const, currency: 'XXX', summary: 'shop settings: fee_bp 1000 → 0; price_below_bp 0 → 1000', what: null, changes: [{ field: 'fee_bp', star: null, from: 1000, to: 0 }, { field: 'price_below_bp', star: null, from: 0, to: 1000 }] };
    render(<ApprovalWhat request={shopRequest} />);
    expect(screen.getByTestId('approval-changes-11').textContent).toBe("Platform fee on owners' earnings: 10 % → 0 %Below the platform's price: 0 % → 10 %");
    cleanup();
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={shopRequest} />);
    expect(screen.getByTestId('approval-changes-11').textContent).not.toContain('fee_bp');
    expect(screen.getByTestId('approval-changes-11').textContent).toContain(': 10 % → 0 %');
    await changeLanguage('en-us');
  });
});

describe('what any other request does', () => {
  const request = (what: ApprovalRequest['what'], summary: string) => ({ id: 8, kind: 'gift_cards.issue' as const, currency: 'USD', summary, what, changes: null });

  it('reads in the operator’s language, money and numbers as the console writes them, not the English summary', async () => {
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={request({ key: 'gift_cards', count: 1200, value: 10_000, currency: 'USD' }, '1200 × 100.00 USD gift cards')} />);
    expect(document.body.textContent).toMatch(/^1,200 张面值 USD\s100\.00 的礼品卡$/);
    expect(document.body.textContent).not.toContain('gift cards');
    cleanup();
    render(<ApprovalWhat request={{ ...request({ key: 'shop_stock', delta: 1500, sku_id: 12, shop: '阿成小店' }, '+1500 of SKU 12 to shop 阿成小店'), kind: 'shop_stock.add' }} />);
    expect(document.body.textContent).toBe('店铺 阿成小店 的 SKU 12 增加 1,500 件');
    cleanup();
    render(<ApprovalWhat request={{ ...request({ key: 'coupon', code: 'SPRING', currency: 'USD', amount: null, percent_bp: 1250 }, 'coupon SPRING: 12.5 % off'), kind: 'coupon.create' }} />);
    expect(document.body.textContent).toBe('优惠券 SPRING：优惠 12.5 %');
    cleanup();
    render(<ApprovalWhat request={{ ...request({ key: 'new_operator', user_name: 'alice', role: 'finance' }, 'alice: finance (new operator)'), kind: 'operator.grant' }} />);
    expect(document.body.textContent).toBe('alice：财务（新操作员）');
    await changeLanguage('en-us');
  });

  it('shows the summary where the API could not read what the request does', async () => {
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={request(null, '5 × 100.00 USD gift cards')} />);
    expect(document.body.textContent).toBe('5 × 100.00 USD gift cards');
    await changeLanguage('en-us');
  });
});

describe('a raise of a goods item’s points per unit', () => {
  const raise = (from: number | null) => ({
    id: 11,
    kind: 'goods.points' as const,
    currency: 'XXX',
    summary: 'goods #182 points per unit: 5 → 100000000',
    what: { key: 'goods_points' as const, goods_id: 182, name: { 'en-us': 'Jasmine tea', 'zh-cn': '茉莉花茶', hu: 'Jázmin tea' }, from, to: 100_000_000 },
    changes: null,
  });

  it('names the goods in the operator’s language and the rule now → asked', async () => {
    await changeLanguage('hu');
    render(<ApprovalWhat request={raise(5)} />);
    expect(document.body.textContent).toMatch(/^Jázmin tea \(#182\): pont darabonként 5 → 100\s000\s000$/);
    cleanup();
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={raise(null)} />);
    expect(document.body.textContent).toBe('茉莉花茶 (#182)：每件积分 按比例 → 100,000,000');
    cleanup();
    // A language the goods has no name in: its English name.
    await changeLanguage('th');
    render(<ApprovalWhat request={raise(5)} />);
    expect(document.body.textContent).toBe('Jasmine tea (#182): คะแนนต่อชิ้น 5 → 100,000,000');
    await changeLanguage('en-us');
  });
});

describe('a raise of an SKU’s PV per unit', () => {
  const raise = (options: Record<string, string>) => ({
    id: 12,
    kind: 'sku.pv' as const,
    currency: 'XXX',
    summary: 'goods #9 SKU #31 PV per unit: 10 → 1000000',
    what: { key: 'sku_pv' as const, goods_id: 9, sku_id: 31, name: { 'en-us': 'Jasmine tea', 'zh-cn': '茉莉花茶' }, options, from: 10, to: 1_000_000 },
    changes: null,
  });

  it('names the goods and the SKU’s options in the operator’s language and the PV now → asked', async () => {
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={raise({ 'en-us': 'Large / Red', 'zh-cn': '大 / 红' })} />);
    expect(document.body.textContent).toBe('茉莉花茶 (#9) · 大 / 红：每件 PV 10 → 1,000,000');
    cleanup();
    // Goods without options, in a language it has no name in: its English name.
    await changeLanguage('jp');
    render(<ApprovalWhat request={raise({})} />);
    expect(document.body.textContent).toBe('Jasmine tea (#9)：1点あたりのPV 10 → 1,000,000');
    await changeLanguage('en-us');
  });
});

describe('a group buy below half its SKU’s price', () => {
  const asked = (change: number | null) => ({
    id: 13,
    kind: change === null ? ('group_buy.create' as const) : ('group_buy.update' as const),
    currency: 'USD',
    summary: 'new group buy of goods #9 SKU #31: 1.00 USD (SKU price 64.99), 13 units',
    what: { key: 'group_buy' as const, goods_id: 9, sku_id: 31, name: { 'en-us': 'Speaker', 'zh-cn': '音箱' }, options: { 'en-us': 'Black' }, currency: 'USD', price: 100, sku_price: 6499, quantity: 13, change, from: change === null ? null : 4000 },
    changes: null,
  });

  it('names the goods, the price asked against the SKU’s own and the units, new or lowered', async () => {
    render(<ApprovalWhat request={asked(null)} />);
    expect(document.body.textContent).toMatch(/^Speaker \(#9\) · Black: group buy at USD\s1\.00 \(SKU price USD\s64\.99\), 13 units$/);
    cleanup();
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={asked(8)} />);
    expect(document.body.textContent).toMatch(/^音箱 \(#9\) · Black：拼团 #8 价格 .*40\.00 → .*1\.00（SKU 价格 .*64\.99），剩余 13 件$/);
    await changeLanguage('en-us');
  });
});
