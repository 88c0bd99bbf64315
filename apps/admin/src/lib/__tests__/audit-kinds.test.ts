import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS, APPROVAL_STEPS, OPERATOR_ACTION_FAMILIES, OPERATOR_ACTION_FAMILY_WORDS, OPERATOR_ACTION_KINDS } from '@shop/contract/admin';
import { ADMIN_GOODS_SORTS } from '@shop/contract/catalogue';
import { LANGUAGES } from '@shop/contract/common';
import { loadConsolePacks } from '@shop/contract/packs';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { AUDIT_FAMILY_ACTIONS, EXPORT_LIST_TEXTS, auditKindOptions, describeAction, describeReason } from '../audit-kinds';

// The audit log's "Action" column and its filter: a request for a second operator reads as asked
// (approved, rejected …), never as the thing done; every action the API can record (the contract's
// list, which the API's `insertOperatorAction` is typed by) has a name in each of the nine languages,
// so no entry shows raw.

beforeAll(async () => {
  await initI18n();
});
afterAll(() => changeLanguage('en-us'));
const t = () => i18n.t.bind(i18n) as never;
const shown = (action: string) => describeAction(t(), action);
const packs = loadConsolePacks();

describe('ledger adjustments in the audit log', () => {
  it('name the asset and the amount in the console’s language', async () => {
    await changeLanguage('hu');
    const asked = shown('adjustment.request #1 cash 500.00 USD');
    expect(asked.detail).toMatch(/^#1 \S.* 500,00\sUSD$/);
    expect(asked.detail).not.toContain('cash');
    await changeLanguage('zh-cn');
    const points = shown('adjustment.post #5 points -1500 points');
    expect(points.detail).toBe(`#5 ${i18n.t('console.members.assets.points')} -1,500`);
    // Recorded otherwise: shown as recorded.
    expect(shown('adjustment.reject #7 something else').detail).toBe('#7 something else');
    await changeLanguage('en-us');
  });
});

describe('approval requests in the audit log', () => {
  it('read as requested, approved or rejected, in English', async () => {
    await changeLanguage('en-us');
    expect(shown('rate.set.request #3 1 USD = 9.99 MYR')).toEqual({ label: 'Requested: Exchange rate', detail: '#3 1 USD = 9.99 MYR' });
    expect(shown('coupon.create.request #4 WELCOME 10% off')).toEqual({ label: 'Requested: New coupon', detail: '#4 WELCOME 10% off' });
    expect(shown('operator.grant.approve #1 sup1 #3: support → owner')).toEqual({ label: 'Approved: Operator with a money role', detail: '#1 sup1 #3: support → owner' });
    expect(shown('points.grant.reject #7 500 points to #12').label).toBe('Rejected: Points');
    expect(shown('rate.set.done #8 1 USD = 4.5 MYR').label).toBe('Done within the threshold: Exchange rate');
    expect(shown('coupon.update.cancel #9 coupon:4').label).toBe('Cancelled: Coupon change');
    // The change itself, once approved, still reads as done.
    expect(shown('rate.set USD/MYR=4.5')).toEqual({ label: 'Exchange rate set', detail: 'USD/MYR=4.5' });
    expect(shown('coupon.create WELCOME')).toEqual({ label: 'Coupon created', detail: 'WELCOME' });
  });

  it('in Thai and Hungarian', async () => {
    await changeLanguage('th');
    expect(shown('operator.grant.approve #1 sup1 #3: support → owner').label).toBe('อนุมัติแล้ว: ผู้ปฏิบัติงานที่มีบทบาทด้านเงิน');
    expect(shown('rate.set.request #3 1 USD = 9.99 MYR').label).toBe('ขออนุมัติ: อัตราแลกเปลี่ยน');
    await changeLanguage('hu');
    expect(shown('operator.grant.approve #1 sup1 #3: support → owner').label).toBe('Jóváhagyva: Pénzügyi szerepű operátor');
    expect(shown('rate.set.request #3 1 USD = 9.99 MYR').label).toBe('Kérelmezve: Árfolyam');
  });

  it('the filter offers each kind of request, asked, approved and rejected', async () => {
    await changeLanguage('en-us');
    const options = auditKindOptions(t());
    expect(options).toContainEqual({ value: 'rate.set.request', label: 'Requested: Exchange rate' });
    expect(options).toContainEqual({ value: 'operator.grant.approve', label: 'Approved: Operator with a money role' });
    expect(options).toContainEqual({ value: 'coupon.create.reject', label: 'Rejected: New coupon' });
    for (const kind of APPROVAL_KINDS) expect(options.map((o) => o.value)).toContain(`${kind}.request`);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });
});

describe('every action the API can record', () => {
  /** One action of each form the API writes: each kind with details, each family's word, each request's step. */
  const samples = [
    ...OPERATOR_ACTION_KINDS.map((kind) => `${kind} detail`),
    ...OPERATOR_ACTION_FAMILIES.map((kind) => `${kind}.something=1`),
    ...APPROVAL_KINDS.flatMap((kind) => APPROVAL_STEPS.map((step) => `${kind}.${step} #1 summary`)),
  ];

  it.each([...LANGUAGES])('has a name in %s, from that language’s own texts', async (lang) => {
    await changeLanguage(lang);
    const pack = packs[lang];
    const texts = new Set(Object.values(pack));
    const raw = samples.filter((action) => {
      const { label } = shown(action);
      // A request's label is its step's text around the kind's name; any other, its kind's text as such.
      const own = texts.has(label) || APPROVAL_KINDS.some((k) => label.includes(pack[`console.money.approvals.kinds.${k}`] ?? '\u0000'));
      return label === action || label.startsWith('console.') || !own;
    });
    expect(raw).toEqual([]);
    const missing = [
      ...OPERATOR_ACTION_KINDS.map((k) => `console.settings.kinds.${k.replace(/\./g, '_')}`),
      ...APPROVAL_KINDS.map((k) => `console.money.approvals.kinds.${k}`),
      ...['requested', 'doneAtOnce', 'approved', 'rejected', 'cancelled'].map((s) => `console.settings.audit.steps.${s}`),
    ].filter((key) => !pack[key]);
    expect(missing).toEqual([]);
  });
});

describe('sign-ins at the console’s door', () => {
  it('read by name with the address, and the filter offers each', async () => {
    await changeLanguage('en-us');
    expect(shown('access.wrong_password 203.0.113.5')).toEqual({ label: 'Sign-in refused: wrong name or password', detail: '203.0.113.5' });
    expect(shown('access.signed_in 203.0.113.5').label).toBe('Signed in to the console');
    expect(shown('access.locked 203.0.113.5').label).toBe('Sign-in locked out: too many failed tries');
    expect(auditKindOptions(t())).toContainEqual({ value: 'access.totp_bound', label: 'Authenticator bound' });
    await changeLanguage('zh-cn');
    expect(shown('access.wrong_code 203.0.113.5')).toEqual({ label: '登录被拒：验证码错误或缺失', detail: '203.0.113.5' });
    await changeLanguage('en-us');
  });
});

describe('a family’s decisions (`application.reject`, `shop.paused`, `order.cancel.refunding`)', () => {
  // The log read "身份申请 reject": the kind in Chinese, the decision as the English word the API wrote.
  it('read as the decision itself in Simplified Chinese and Hungarian, never the English word', async () => {
    await changeLanguage('zh-cn');
    expect(shown('application.reject')).toEqual({ label: '身份申请已驳回', detail: '' });
    expect(shown('shop.paused').label).toBe('会员店铺已暂停');
    expect(shown('order.cancel.refunding').label).toBe('订单已取消，退款处理中');
    expect(shown('referral.commission.void').label).toBe('佣金已作废');
    // What follows the word stays as recorded (a flag's number, its code and the payment's reference).
    expect(shown('payment_flag.dismiss #4 amount_mismatch PAY-1')).toEqual({ label: '异常支付已忽略', detail: '#4 amount_mismatch PAY-1' });
    await changeLanguage('hu');
    expect(shown('application.reject').label).toBe('Szerep-jelentkezés elutasítva');
    expect(shown('after_sale.refuse_receipt').label).toBe('Visszaküldött áru átvétele megtagadva');
    await changeLanguage('en-us');
    expect(shown('application.approve').label).toBe('Role application approved');
  });

  it.each([...LANGUAGES])('each has its own text in %s, offered by the filter', async (lang) => {
    await changeLanguage(lang);
    const pack = packs[lang];
    const words = Object.values(OPERATOR_ACTION_FAMILY_WORDS).flat();
    expect(AUDIT_FAMILY_ACTIONS.length).toBe(words.length);
    const options = auditKindOptions(t());
    const raw = AUDIT_FAMILY_ACTIONS.filter(({ action, key }) => {
      const { label, detail } = shown(action);
      return !pack[key] || label !== pack[key] || detail !== '' || !options.some((o) => o.value === action && o.label === label);
    });
    expect(raw).toEqual([]);
  });

  it('one approval of several of a withdrawal reads as counted, recorded as facts or (before) as text', async () => {
    await changeLanguage('zh-cn');
    expect(describeAction(t(), 'withdrawal.approve', { key: 'approvals_given', given: 1, needed: 2 })).toEqual({ label: '提现审批已记录', detail: '已获 1/2 个批准' });
    expect(shown('withdrawal.approve 1 of 2').detail).toBe('已获 1/2 个批准');
    await changeLanguage('en-us');
  });
});

describe('operators and receiving accounts recorded as facts', () => {
  // The log read "已创建操作员 role=finance approval=#1 asked_by=alice#1" in Simplified Chinese, as in English.
  it('word the role, the request and who asked in Simplified Chinese', async () => {
    await changeLanguage('zh-cn');
    const created = describeAction(t(), 'operator.create', { key: 'operator_role', role: 'finance', request_id: 1, asked_by: 'alice#1' });
    expect(created).toEqual({ label: i18n.t('console.settings.kinds.operator_create'), detail: '角色：财务; 经审批申请 #1 批准，申请人 alice#1' });
    expect(describeAction(t(), 'operator.role', { key: 'operator_role', role: 'support', request_id: null, asked_by: null }).detail).toBe(`角色：${i18n.t('console.app.roles.support')}`);
    expect(describeAction(t(), 'operator.disable', { key: 'approved_request', request_id: 3, asked_by: 'alice#1' }).detail).toBe('经审批申请 #3 批准，申请人 alice#1');
    expect(describeAction(t(), 'operator.sign_in_link', { key: 'sign_in_link', authenticator_removed: true, request_id: null, asked_by: null }).detail).toBe('已移除身份验证器');
    expect(describeAction(t(), 'collection_account.add', { key: 'collection_account', currency: 'MYR', request_id: 4, asked_by: 'olivia#2' }).detail).toBe('币种：MYR; 经审批申请 #4 批准，申请人 olivia#2');
    expect(describeAction(t(), 'crypto_addresses.add', { key: 'crypto_addresses', network: 'TRC20', added: 1, asked: 2, request_id: 5, asked_by: 'olivia#2' }).detail).toBe('已添加 TRC20 地址：1/2; 经审批申请 #5 批准，申请人 olivia#2');
    // An entry recorded before, as text, shows as written.
    expect(shown('operator.create role=finance approval=#1 asked_by=alice#1').detail).toBe('role=finance approval=#1 asked_by=alice#1');
    await changeLanguage('en-us');
    expect(describeAction(t(), 'operator.create', { key: 'operator_role', role: 'finance', request_id: 1, asked_by: 'alice#1' }).detail).toBe('Role: Finance; Approved in request #1, asked by alice#1');
    expect(describeAction(t(), 'operator.sign_in_link', { key: 'sign_in_link', authenticator_removed: false, request_id: null, asked_by: null }).detail).toBe('');
  });

  it.each([...LANGUAGES])('have their words in %s', async (lang) => {
    const pack = packs[lang];
    const keys = ['approved_request_asked', 'operator_role', 'authenticator_removed', 'collection_account', 'crypto_addresses', 'on', 'off', 'operator_member_none'].map((k) => `console.audit.facts.${k}`);
    expect(keys.filter((key) => !pack[key])).toEqual([]);
    await changeLanguage(lang);
    const detail = describeAction(t(), 'crypto_addresses.add', { key: 'crypto_addresses', network: 'TRC20', added: 1, asked: 2, request_id: 5, asked_by: 'olivia#2' }).detail;
    expect(detail).toContain('TRC20');
    expect(detail).toContain('olivia#2');
    expect(detail).not.toMatch(/\{\{|approval=|asked_by/);
    await changeLanguage('en-us');
  });
});

describe('settings recorded as facts', () => {
  // The log read `setting.captcha_mode=always`, `setting.shipping_countries=MY,TH`, `rate.set USD/MYR=4.5`,
  // `setting.adjustment_limit USD=100.00` and `operator.member none` after the kind's words.
  it('word the captcha, the rate, a limit as money and an unlinked member account in Simplified Chinese', async () => {
    await changeLanguage('zh-cn');
    const d = (action: string, facts: Parameters<typeof describeAction>[2]) => describeAction(t(), action, facts).detail;
    expect(d('setting.captcha_mode', { key: 'captcha_mode', mode: 'always' })).toBe(i18n.t('console.settings.page.captchaModes.always'));
    expect(d('setting.captcha_bypass', { key: 'captcha_bypass', on: true })).toBe('开启');
    expect(d('setting.shipping_countries', { key: 'shipping_countries', countries: ['MY', 'TH'] })).toBe('MY, TH');
    expect(d('rate.set', { key: 'exchange_rate', base: 'USD', quote: 'MYR', rate: '4.5' })).toBe('1 USD = 4.5 MYR');
    expect(d('setting.adjustment_limit', { key: 'adjustment_limit', currency: 'XXX', amount: 1500 })).toBe(`1,500 ${i18n.t('console.members.assets.points')}`);
    expect(d('setting.adjustment_limit', { key: 'adjustment_limit', currency: 'USD', amount: 10_000 })).toMatch(/100\.00/);
    expect(d('operator.member', { key: 'operator_member', member_id: null })).toBe('已解除关联');
    expect(d('operator.member', { key: 'operator_member', member_id: 12 })).toBe(`${i18n.t('console.common.member')} #12`);
    // Recorded before, as text: shown as written.
    expect(shown('setting.captcha_mode=always').detail).toBe('always');
    await changeLanguage('en-us');
  });
});

describe('a list export', () => {
  // The log showed "gift-card-batches", "筛选条件：status = pending" and "sort = updated_desc": the API's codes.
  it('names the list, its filters and its sort in Simplified Chinese, what the operator typed as typed', async () => {
    await changeLanguage('zh-cn');
    expect(shown('export.gift-card-batches')).toEqual({ label: i18n.t('console.settings.kinds.export'), detail: i18n.t('console.money.nav.giftCards') });
    expect(describeReason(t(), 'export.goods', JSON.stringify({ q: 'status red', status: 'on_sale', sort: 'updated_desc' }))).toBe(
      `筛选条件：${i18n.t('console.common.search')} = status red; ${i18n.t('console.common.status')} = ${i18n.t('console.catalogue.goods.status.on_sale')}; 排序 = 最近更新`,
    );
    expect(describeReason(t(), 'export.withdrawals', JSON.stringify({ status: 'pending', sort: 'created_at', order: 'desc' }))).toBe(
      `筛选条件：${i18n.t('console.common.status')} = ${i18n.t('console.status.pending')}; 排序 = ${i18n.t('console.common.created')}, 降序`,
    );
    expect(describeReason(t(), 'export.adjustments', JSON.stringify({ status: 'posted', from: '2026-11-01' }))).toBe(`筛选条件：${i18n.t('console.common.status')} = ${i18n.t('console.money.status.posted')}; 起始 = 2026-11-01`);
    // A list, filter or code the console has no words for shows as recorded.
    expect(shown('export.some-new-list').detail).toBe('some-new-list');
    expect(describeReason(t(), 'export.orders', JSON.stringify({ shop_id: 4, status: 'mystery' }))).toBe('筛选条件：shop_id = 4; ' + `${i18n.t('console.common.status')} = mystery`);
    await changeLanguage('en-us');
  });

  it.each([...LANGUAGES])('names every list in %s by the console’s own text', (lang) => {
    const pack = packs[lang];
    expect(Object.entries(EXPORT_LIST_TEXTS).filter(([, key]) => !pack[key])).toEqual([]);
    const words = ['from', 'to', 'sort', 'asc', 'desc'].map((k) => `console.audit.filters.${k}`);
    const sorts = ADMIN_GOODS_SORTS.map((k) => `console.audit.goodsSorts.${k}`);
    expect([...words, ...sorts].filter((key) => !pack[key])).toEqual([]);
  });
});

describe('order, freight, fee, price, approval-limit, payment-method and payment entries recorded as facts', () => {
  // The log read `setting.orders expiry_minutes=45 auto_confirm_days=10`, `setting.shipping_fee TH THB fee=5000 free_over=150000`,
  // `setting.pay_method #3 fee=250bp+30 on sort=1`, `payment.refund PAY… 10.00 MYR pending (error 4001)` and a reason
  // "1500 → 1750 USD: supplier price" after the kind's words, in every language.
  const d = (action: string, facts: Parameters<typeof describeAction>[2]) => describeAction(t(), action, facts).detail;
  const entries: Array<[string, NonNullable<Parameters<typeof describeAction>[2]>]> = [
    ['setting.orders', { key: 'order_times', expiry_minutes: 45, auto_confirm_days: 10, settle_after_days: null }],
    ['setting.shipping_fee', { key: 'shipping_fee', country: 'TH', currency: 'THB', fee: 5000, free_over: 150_000, removed: false }],
    ['setting.shipping_fee', { key: 'shipping_fee', country: 'SG', currency: 'MYR', fee: null, free_over: null, removed: true }],
    ['setting.operating_fee', { key: 'operating_fee', country: 'TH', rate_bp: 250 }],
    ['setting.international_freight', { key: 'international_freight', country: 'DE', method: 'express', weight_from_g: 0, weight_to_g: 1000, fee: 3200, currency: 'USD' }],
    ['sku.price', { key: 'sku_price', from: 1500, to: 1750, currency: 'USD' }],
    ['payment.inquire', { key: 'payment_inquiry', reference: 'PAY123', from: 'pending', to: 'succeeded' }],
    ['payment.refund', { key: 'payment_refund', reference: 'PAY123', amount: 1000, currency: 'MYR', open: ['pending'], error: 4001 }],
    ['payment.refund', { key: 'payment_refund', reference: 'PAY123', amount: 1000, currency: 'MYR', open: [], error: 'unexpected' }],
    ['setting.approval_limit', { key: 'approval_limit', kind: 'ledger.adjust', currency: '*', auto_up_to: null, daily_limit: 50_000 }],
    ['setting.approval_limit', { key: 'approval_limit', kind: 'points.grant', currency: 'XXX', auto_up_to: 100, daily_limit: null }],
    ['setting.pay_method', { key: 'pay_method', code: 'stripe_card', currency: 'MYR', fee_bp: 250, fee_fixed: 30, enabled: true, sort: 1 }],
    ['setting.pay_method', { key: 'pay_method_added', code: 'balance', currency: 'THB' }],
    [
      'wallet_limit.set',
      {
        key: 'wallet_limit',
        currency: 'CNY',
        kind: 'withdraw_bank',
        values: { fee_bp: 150, fee_fixed: 500, min: 10_000, max: 2_000_000, daily_count: 3, daily_amount: 6_000_000 },
        before: { fee_bp: 100, fee_fixed: 500, min: 10_000, max: 3_000_000, daily_count: 3, daily_amount: 6_000_000 },
      },
    ],
    ['wallet_limit.set', { key: 'wallet_limit', currency: 'MYR', kind: 'withdraw_crypto', values: { fee_bp: 0, fee_fixed: 100, min: 2_000, max: 1_000_000, daily_count: 3, daily_amount: 2_000_000 }, before: null }],
    [
      'recharge_channel.set',
      {
        key: 'recharge_channel',
        code: 'fpx_test',
        values: { kind: 'bank_transfer', name: 'FPX', currencies: ['MYR', 'USD'], min: 1_000, max: 800_000, enabled: false },
        before: { kind: 'bank_transfer', name: 'FPX', currencies: ['MYR'], min: 1_000, max: 500_000, enabled: true },
      },
    ],
  ];

  it('word them in Simplified Chinese, codes and what the operator typed as they are', async () => {
    await changeLanguage('zh-cn');
    expect(d('setting.orders', entries[0]![1])).toBe(`${i18n.t('console.settings.page.expiryMinutes')}: 45; ${i18n.t('console.settings.page.autoConfirmDays')}: 10`);
    expect(d('setting.shipping_fee', entries[1]![1])).toMatch(new RegExp(`^TH; ${i18n.t('console.settings.page.fee')}: THB\\s?50\\.00; ${i18n.t('console.settings.page.freeOver')}: THB\\s?1,500\\.00$`));
    expect(d('setting.shipping_fee', entries[2]![1])).toBe('已删除 SG 的 MYR 运费');
    expect(d('setting.operating_fee', entries[3]![1])).toBe('TH: 2.5 %');
    expect(d('setting.international_freight', entries[4]![1])).toMatch(new RegExp(`^DE; ${i18n.t('console.settings.page.methods.express')}; 0–1,000 g; USD\\s?32\\.00$`));
    expect(d('sku.price', entries[5]![1])).toMatch(/^USD\s?15\.00 → USD\s?17\.50$/);
    expect(d('payment.inquire', entries[6]![1])).toBe(`PAY123: ${i18n.t('console.payments.status.pending')} → ${i18n.t('console.payments.status.succeeded')}`);
    expect(d('payment.refund', entries[7]![1])).toMatch(new RegExp(`^PAY123: MYR\\s?10\\.00 \\(${i18n.t('console.payments.refundStatus.pending')}\\); 因错误 4001 中止$`));
    expect(d('payment.refund', entries[8]![1])).toMatch(/^PAY123: MYR\s?10\.00; 因意外错误中止$/);
    expect(d('setting.approval_limit', entries[9]![1])).toMatch(
      new RegExp(`^${i18n.t('console.money.approvals.kinds.ledger.adjust')}; ${i18n.t('console.money.approvals.anyCurrency')}; ${i18n.t('console.money.approvals.autoUpTo')}: ${i18n.t('console.money.approvals.never').replace(/[()]/g, '\\$&')}; ${i18n.t('console.money.approvals.dailyLimit')}: USD\\s?500\\.00$`),
    );
    expect(d('setting.approval_limit', entries[10]![1])).toContain(`100 ${i18n.t('console.members.assets.points')}`);
    expect(d('setting.pay_method', entries[11]![1])).toMatch(
      new RegExp(`^${i18n.t('console.payments.methods.stripe_card').replace(/[()]/g, '\\$&')}, MYR; ${i18n.t('console.money.settings.fee')}: 2.5 % \\+ MYR\\s?0\\.30; ${i18n.t('console.money.settings.enabled')}: ${i18n.t('console.money.settings.on')}; ${i18n.t('console.money.settings.sort')}: 1$`),
    );
    expect(d('setting.pay_method', entries[12]![1])).toBe(`已添加并启用 THB 的${i18n.t('console.payments.methods.balance')}`);
    // A changed fee or limit shows what changed, old → new; a new one says so with every value.
    const s = (key: string) => i18n.t(`console.money.settings.${key}`);
    expect(d('wallet_limit.set', entries[13]![1])).toMatch(new RegExp(`^CNY, ${s('kinds.withdraw_bank')}; ${s('fee')}: 1 % \\+ CNY\\s?5\\.00 → 1\\.5 % \\+ CNY\\s?5\\.00; ${s('max')}: CNY\\s?30,000\\.00 → CNY\\s?20,000\\.00$`));
    expect(d('wallet_limit.set', entries[14]![1])).toMatch(new RegExp(`^MYR, ${s('kinds.withdraw_crypto')}; 新增; ${s('fee')}: 0 % \\+ MYR\\s?1\\.00; ${s('min')}: MYR\\s?20\\.00; `));
    expect(d('recharge_channel.set', entries[15]![1])).toBe(`fpx_test; ${s('currencies')}: MYR → MYR, USD; ${s('maxMinor')}: 500,000 → 800,000; ${s('enabled')}: ${s('on')} → ${s('off')}`);
    expect(shown('wallet_limit.set CNY withdraw_bank fee_bp: 100 → 150').detail).toBe('CNY withdraw_bank fee_bp: 100 → 150');
    // Recorded before, as text: shown as written.
    expect(shown('setting.orders expiry_minutes=45 auto_confirm_days=10').detail).toBe('expiry_minutes=45 auto_confirm_days=10');
    expect(shown('payment.refund PAY123 10.00 MYR').detail).toBe('PAY123 10.00 MYR');
    await changeLanguage('en-us');
  });

  it.each([...LANGUAGES])('have their words in %s, never a code or a placeholder', async (lang) => {
    const pack = packs[lang];
    const keys = ['shipping_fee_removed', 'refund_error', 'refund_error_unexpected', 'pay_method_added', 'setting_new'].map((k) => `console.audit.facts.${k}`);
    expect(keys.filter((key) => !pack[key])).toEqual([]);
    await changeLanguage(lang);
    for (const [action, facts] of entries) {
      const detail = d(action, facts);
      expect(detail, `${action} ${facts.key}`).not.toMatch(/\{\{|=|console\.|_bp|fee_|free_over|auto_up_to|daily_limit|undefined|null/);
      expect(detail, `${action} ${facts.key}`).not.toBe('');
    }
    // Hungarian reads its own words, not the English ones.
    if (lang === 'hu') expect(d('payment.refund', entries[8]![1])).toContain('váratlan hiba');
    await changeLanguage('en-us');
  });
});

describe('after-sales, points, PV, charity, house code, category order, wallet currency, bank, canned reply and promotion changes recorded as facts', () => {
  // The log read `setting.after_sales {"return_days":14,…}`, `order.points {"earn_rate_bp":250}`, `goods.points 12 percentage`,
  // `sku.pv 7 10 → 5`, `charity.cause closed`, `coupon.update AUTUMN percent_bp: 1000 → 1500` after the kind's words, in every language.
  const d = (action: string, facts: Parameters<typeof describeAction>[2]) => describeAction(t(), action, facts).detail;
  const entries: Array<[string, NonNullable<Parameters<typeof describeAction>[2]>]> = [
    ['setting.after_sales', { key: 'after_sale_settings', return_days: 14, exchange_days: 7, max_exchanges: 2, ship_back_days: 7, auto_complete_days: 10, review_edit_days: 30 }],
    ['setting.after_sales_address', { key: 'after_sale_address', kind: 'return', country: 'MY', name: 'KL depot', enabled: true }],
    ['setting.after_sales_reason', { key: 'after_sale_reason', kind: 'return', code: 'late_delivery', enabled: false }],
    ['setting.after_sales_carrier', { key: 'after_sale_carrier', code: 'jnt', name: 'J&T Express', enabled: false }],
    ['order.points', { key: 'points_settings', points_per_unit: 100, shopping_points_per_unit: null, points_max_share_bp: null, earn_rate_bp: 250 }],
    ['goods.points', { key: 'goods_points', goods_id: 12, name: { 'en-us': 'Tea' }, from: null, to: 7, request_id: 3 }],
    ['goods.points', { key: 'goods_points', goods_id: 12, name: {}, from: 7, to: null, request_id: null }],
    ['sku.pv', { key: 'sku_pv', from: 10, to: 5, request_id: null }],
    ['charity.cause', { key: 'charity_cause_created', currency: 'MYR' }],
    ['charity.cause', { key: 'charity_cause', status: 'closed' }],
    ['referral.house_code', { key: 'house_code', from: 'HOUSE1', to: 'WELCOME26' }],
    ['category.reorder', { key: 'category_order', ids: [3, 1, 2] }],
    ['wallet_currency.on', { key: 'wallet_currency', currency: 'THB' }],
    ['bank.add', { key: 'bank', code: 'MBB', name: 'Maybank' }],
    ['chat.canned.create', { key: 'canned_reply', lang: 'hu' }],
    [
      'coupon.update',
      {
        key: 'promotion_change',
        kind: 'coupon.update',
        code: 'AUTUMN',
        currency: 'USD',
        changes: [
          { field: 'percent_bp', star: null, from: 1000, to: 1500 },
          { field: 'total_limit', star: null, from: null, to: 100 },
        ],
        request_id: 9,
      },
    ],
    [
      'group_buy.update',
      {
        key: 'promotion_change',
        kind: 'group_buy.update',
        code: null,
        currency: 'USD',
        changes: [
          { field: 'price', star: null, from: 5000, to: 4500 },
          { field: 'per_member_limit', star: null, from: 1, to: 2 },
        ],
        request_id: null,
      },
    ],
  ];

  it('word them in English by the labels the console’s pages show', async () => {
    await changeLanguage('en-us');
    expect(d(...entries[0]!)).toBe('Return window (days): 14; Exchange window (days): 7; Exchanges per unit: 2; Days to send back: 7; Days before a replacement completes: 10; Days to change a review: 30');
    expect(d(...entries[1]!)).toBe('Return address, MY, KL depot; In use: On');
    expect(d(...entries[2]!)).toBe('Return & refund, late_delivery; In use: Hidden');
    expect(d(...entries[3]!)).toBe('J&T Express (jnt); In use: Off');
    expect(d(...entries[4]!)).toBe('Points worth US$1: 100; Points earned on completed orders (%): 2.5');
    expect(d(...entries[5]!)).toBe('Tea (#12): points per unit the percentage → 7; Approved in request #3');
    expect(d(...entries[6]!)).toBe('#12: points per unit 7 → the percentage');
    expect(d(...entries[7]!)).toBe('PV: 10 → 5');
    expect(d(...entries[8]!)).toBe('Currency: MYR');
    expect(d(...entries[9]!)).toBe('Status: Closed');
    expect(d(...entries[10]!)).toBe('HOUSE1 → WELCOME26');
    expect(d(...entries[11]!)).toBe('#3, #1, #2');
    expect(d(...entries[12]!)).toBe('THB');
    expect(d(...entries[13]!)).toBe('Maybank (MBB)');
    expect(d(...entries[14]!)).toBe('Magyar');
    expect(d(...entries[15]!)).toMatch(/^AUTUMN; \S.*: 10\s?% → 15\s?%; \S.*: no limit → 100; Approved in request #9$/);
    expect(d(...entries[16]!)).toMatch(/^Group price: USD\s?50\.00 → USD\s?45\.00; Per member: 1 → 2$/);
    // The kind itself, as before.
    expect(describeAction(t(), ...entries[0]!).label).toBe(shown('setting.after_sales').label);
    // Recorded before, as text: shown as written.
    expect(shown('sku.pv 7 10 → 5').detail).toBe('7 10 → 5');
    expect(shown('goods.points 12 percentage').detail).toBe('12 percentage');
  });

  it('word them in Simplified Chinese', async () => {
    await changeLanguage('zh-cn');
    const s = (key: string) => i18n.t(`console.afterSales.settings.${key}`);
    expect(d(...entries[0]!)).toBe(`${s('return_days')}: 14; ${s('exchange_days')}: 7; ${s('max_exchanges')}: 2; ${s('ship_back_days')}: 7; ${s('auto_complete_days')}: 10; ${s('review_edit_days')}: 30`);
    expect(d(...entries[1]!)).toBe(`${s('returnAddress')}, MY, KL depot; ${s('enabled')}: ${i18n.t('console.audit.facts.on')}`);
    expect(d(...entries[2]!)).toBe(`${i18n.t('console.afterSales.kinds.return')}, late_delivery; ${s('enabled')}: ${i18n.t('console.afterSales.reasons.hidden')}`);
    expect(d(...entries[4]!)).toBe(`${i18n.t('console.settings.page.pointsPerUnit')}: 100; ${i18n.t('console.settings.page.earnRate')}: 2.5`);
    expect(d(...entries[5]!)).toBe(`${i18n.t('console.money.approvals.what.goods_points', { goods: 'Tea (#12)', from: i18n.t('console.money.approvals.what.goods_points_percentage'), to: '7' })}; ${i18n.t('console.audit.facts.approved_request', { id: '9' }).replace('9', '3')}`);
    expect(d(...entries[9]!)).toBe(`${i18n.t('console.common.status')}: ${i18n.t('console.settings.charity.closed')}`);
    expect(d(...entries[16]!)).toContain(`${i18n.t('console.catalogue.groupBuys.perMember')}: 1 → 2`);
    await changeLanguage('en-us');
  });

  it.each([...LANGUAGES])('have their words in %s, never a code or a placeholder', async (lang) => {
    await changeLanguage(lang);
    for (const [action, facts] of entries) {
      const detail = d(action, facts);
      expect(detail, `${action} ${facts.key}`).not.toMatch(/\{\{|console\.|_days|_bp|_limit|_unit|undefined|null|"/);
      expect(detail, `${action} ${facts.key}`).not.toBe('');
    }
    // Hungarian reads its own words, not the English ones.
    if (lang === 'hu') expect(d(...entries[9]!)).not.toContain('Closed');
    await changeLanguage('en-us');
  });
});

describe('after-sales refunds recorded as facts', () => {
  // An approval read "150.00 USD · reduced from 180.06: 箱が破損しているため一部返金", English words and the wire's money inside a
  // Japanese console; the refund "150.00 USD", while the adjustments on the same page read "USD 150.00".
  const d = (action: string, facts: Parameters<typeof describeAction>[2]) => describeAction(t(), action, facts).detail;
  const approved = { key: 'after_sale_refund', amount: 15_000, currency: 'USD', from: 18_006 } as const;
  const refunded = { key: 'after_sale_refund', amount: 15_000, currency: 'USD', from: null } as const;

  it('word the refund and what it was lowered from in the console’s language, money as the console writes it', async () => {
    await changeLanguage('jp');
    expect(d('after_sale.approve', approved)).toMatch(/^USD\s?150\.00（USD\s?180\.06 から減額）$/);
    expect(d('after_sale.refund', refunded)).toMatch(/^USD\s?150\.00$/);
    await changeLanguage('hu');
    expect(d('after_sale.approve', approved)).toMatch(/^150,00\sUSD \(180,06\sUSD összegről csökkentve\)$/);
    await changeLanguage('en-us');
  });

  it.each([...LANGUAGES])('have their words in %s, never English or a placeholder', async (lang) => {
    await changeLanguage(lang);
    const detail = d('after_sale.approve', approved);
    expect(detail).not.toMatch(/\{\{|console\.|reduced|undefined|null/);
    if (lang !== 'en-us') expect(detail).not.toContain('lowered');
    await changeLanguage('en-us');
  });
});
