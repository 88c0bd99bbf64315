import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS, APPROVAL_STEPS, OPERATOR_ACTION_FAMILIES, OPERATOR_ACTION_FAMILY_WORDS, OPERATOR_ACTION_KINDS } from '@shop/contract/admin';
import { LANGUAGES } from '@shop/contract/common';
import { loadConsolePacks } from '@shop/contract/packs';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { AUDIT_FAMILY_ACTIONS, auditKindOptions, describeAction } from '../audit-kinds';

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
