import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS, type OperatorRole } from '@shop/contract/admin';
import { formatMoney } from '../../../lib/format';
import { referralPlan } from '../../../test/referral-plan';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { useOperator } from '../../../lib/operator';
import { sessionStore } from '../../../lib/session';
import Approvals from '../../money/Approvals';
import ReferralApplications from '../Applications';
import ReferralCommissions from '../Commissions';
import ReferralPlan from '../Plan';
import ReferralTree from '../Tree';

// At 1280 px the tree's member card showed "pending 72 USD" for USD 0.72
// with raw placement and roles, "system" stood untranslated as who last changed a setting, and the
// plan took money in minor units and rates in basis points.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-11-20T10:00:00.000Z';
const node = (id: number, name: string, children: Record<string, unknown>, open: string[]) => ({ id, user_name: name, nickname: '', star: 0, left_count: 0, right_count: 0, left_pv: 0, right_pv: 0, has_more: false, children, open });
const plan = referralPlan({ updatedAt: at });
/** Who is signed in: an operator of `role` with that role's permissions, as the API answers. */
const signedInAs = (role: OperatorRole) => ({ id: 1, user_name: 'ops', role, permissions: [...ROLE_PERMISSIONS[role]], totp_bound: true });
const commission = (id: number, status: 'pending' | 'settled', posted: number) => ({ id, order_id: 40 + id, shop_order_id: null, order_no: `P2026${id}`, buyer_id: 9, buyer_name: 'bella', beneficiary_id: 5, beneficiary_name: 'amy', level: 1, base: 10000, rate_bp: 500, amount: 500, posted, netted: 0, reversed: 0, debt: 0, currency: 'USD', status, reason: '', created_at: at, settled_at: status === 'settled' ? at : null });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': signedInAs('owner'),
  '/admin/api/referral/tree': { root_id: 1, up_id: null, tree: node(1, 'root', { L: node(5, 'amy', {}, ['L', 'R']), R: { ...node(6, 'ben', {}, []), member_status: 'banned' } }, []) },
  '/admin/api/referral/member': {
    member_id: 5,
    user_name: 'amy',
    sponsors: [{ id: 1, user_name: 'root', level: 1 }],
    placement: { parent_id: 1, side: 'L', depth: 1, placed_at: at, how: 'operator' },
    legs: [{ members: 0, pv_total: 0, carry: 0 }, { members: 0, pv_total: 0, carry: 0 }],
    personal_pv: 0,
    star: 0,
    direct_count: 0,
    team_count: 0,
    commissions: [{ currency: 'USD', status: 'pending', amount: 72 }],
    debts: [],
    roles: [{ kind: 'dealer', status: 'active', since: at }],
  },
  '/admin/api/referral/plan': plan,
  '/admin/api/referral/house-code': { house_code: 'HOUSE2026' },
  '/admin/api/approvals': { list: [], total: 0, page: 1, limit: 20 },
  '/admin/api/referral/applications': {
    list: [
      { id: 31, member_id: 7, user_name: 'banned_bob', nickname: '', member_status: 'banned', kind: 'service_centre', status: 'pending', fields: { country: 'MY' }, reason: '', created_at: at, decided_by: null, decided_at: null },
      { id: 30, member_id: 8, user_name: 'good_gina', nickname: '', member_status: 'active', kind: 'dealer', status: 'pending', fields: { name: 'Gina Tan', note: 'Two shops in Penang', mobile: '123456789', address: '1 Jalan Probe', country: 'MY', shop_name: '', mobile_pre: '60' }, reason: '', created_at: at, decided_by: null, decided_at: null },
    ],
    total: 2,
    page: 1,
    limit: 20,
    has_more: false,
  },
  '/admin/api/referral/commissions': { list: [commission(1, 'pending', 0), commission(2, 'settled', 500)], total: 2, page: 1, limit: 20, has_more: false },
  '/admin/api/referral/pair-runs': {
    list: [
      { day: '2026-11-19', members: 3, pairs: 2, paid: 1500, netted: 500, flushed: 0, currency: 'USD', ran_at: at, ran_by: 'alice#1' },
      { day: '2026-11-18', members: 1, pairs: 1, paid: 1000, netted: 0, flushed: 0, currency: 'USD', ran_at: at, ran_by: 'job' },
    ],
    total: 2,
    page: 1,
    limit: 30,
    has_more: false,
  },
  '/admin/api/approvals/limits': { list: [{ kind: 'withdrawal.payout', currency: '*', auto_up_to: 100000, daily_limit: null, updated_by: 'system', updated_at: at }] },
};
let sent: { url: string; body: unknown }[] = [];
/** The API's answer to the next POSTs, when not a success. */
let refusal: { status: number; body: unknown } | undefined;
beforeEach(async () => {
  await changeLanguage('en-us');
  answers['/admin/api/auth/me'] = signedInAs('owner');
  sent = [];
  refusal = undefined;
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    if (init?.method === 'POST') {
      sent.push({ url: path, body: JSON.parse(String(init.body)) });
      if (refusal) return new Response(JSON.stringify(refusal.body), { status: refusal.status, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { request_id: 12, status: 'pending' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    const data = answers[path];
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const shown = (ui: React.ReactNode, url = '/') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
/** The value of a description's row, by its label. */
const item = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling!.textContent;
/** The spin button of a plan field, by its test id. */
const input = (testId: string) => within(screen.getByTestId(testId).closest('.ant-input-number')!.parentElement!).getByRole('spinbutton') as HTMLInputElement;

describe('the placement tree’s member card', () => {
  it('in Chinese: commissions as money with their status, the placement and roles in words, empty slots left and right', async () => {
    await changeLanguage('zh-cn');
    shown(<ReferralTree />, '/referral/tree?root=5');
    await screen.findByText('会员 #5');
    expect(item('佣金')).toBe(`${formatMoney(72, 'USD')} · 待结算`);
    expect(item('安置位置')).toBe('位于 #1 的左区 · 由操作员安置');
    expect(item('身份')).toBe('经销商（有效）');
    const tree = document.querySelector('.ant-tree')!.textContent!;
    expect(tree).toContain('右区空位');
    expect(tree).toContain('左区空位');
    // A banned member is tagged in the tree; the others are not.
    expect(document.querySelector('[data-node="6"]')!.textContent).toContain('已封禁');
    expect(document.querySelector('[data-node="5"]')!.textContent).not.toContain('已封禁');
    expect(document.body.textContent).not.toMatch(/pending|operator|dealer|空位 [LR]/);
  });

  it('in English: a member placed by the sponsor, a revoked role', async () => {
    answers['/admin/api/referral/member'] = { ...(answers['/admin/api/referral/member'] as object), placement: { parent_id: 1, side: 'R', depth: 1, placed_at: at, how: 'member' }, roles: [{ kind: 'service_centre', status: 'revoked', since: at }], commissions: [{ currency: 'JPY', status: 'settled', amount: 1500 }] };
    shown(<ReferralTree />, '/referral/tree?root=5');
    await screen.findByText('Member #5');
    expect(item('Commissions')).toBe(`${formatMoney(1500, 'JPY')} · Paid`);
    expect(item('Placement')).toBe('Under #1, Right · Placed by the sponsor');
    expect(item('Roles')).toBe('Service centre (Revoked)');
  });
});

describe('who last changed a setting', () => {
  it('the plan changed by the system reads "System" in Chinese', async () => {
    await changeLanguage('zh-cn');
    shown(<ReferralPlan />);
    await screen.findByText('最后修改：系统');
    expect(document.body.textContent).not.toContain('system');
  });

  it('the approval thresholds set by the system read "System" in Thai', async () => {
    await changeLanguage('th');
    shown(<Approvals />);
    const cell = await screen.findByText('ระบบ');
    expect(cell.closest('tr')!.textContent).not.toContain('system');
  });
});

describe('commissions and pair-bonus runs', () => {
  /** The cells of the row holding `text`, under their headings. */
  const cellsOf = (text: string) => {
    const row = screen.getByText(text).closest('tr')!;
    const headings = [...row.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    return Object.fromEntries([...row.querySelectorAll(':scope > td')].map((td, i) => [headings[i], td.textContent]));
  };

  it('a commission names its beneficiary (number and level) and its buyer; a run names its operator as recorded and the job in words', async () => {
    shown(<ReferralCommissions />);
    await screen.findByText('P20261');
    expect(cellsOf('P20261')).toMatchObject({ Beneficiary: 'amy (#5) · L1', Buyer: 'bella (#9)' });
    await screen.findByText('2026-11-19');
    expect(cellsOf('2026-11-19')['Run by']).toBe('alice#1');
    expect(cellsOf('2026-11-18')['Run by']).toBe('Job');
    // What reached the members' rewards, and apart what repaid their debts from reversals.
    expect(cellsOf('2026-11-19')).toMatchObject({ Paid: formatMoney(1500, 'USD'), 'Repaid debts': formatMoney(500, 'USD') });
  });

  it('in Chinese: the buyer’s heading and the job in Chinese', async () => {
    await changeLanguage('zh-cn');
    shown(<ReferralCommissions />);
    await screen.findByText('P20261');
    expect(cellsOf('P20261')['买家']).toBe('bella (#9)');
    await screen.findByText('2026-11-18');
    expect(cellsOf('2026-11-18')['执行者']).toBe('任务');
  });
});

describe('the plan form', () => {
  it('shows money in the bonus currency and rates as percentages, and sends minor units and basis points', async () => {
    shown(<ReferralPlan />);
    // The form is the owner's to change: ready once the plan and who is signed in are both in.
    await screen.findByRole('button', { name: 'Ask for approval' });
    expect(input('plan-default_daily_cap_minor').value).toBe('300');
    expect(input('plan-pv_value_minor').value).toBe('1');
    expect(Number(input('plan-pair_rate_bp').value)).toBe(10);
    expect(Number(input('plan-level1_rate_bp').value)).toBe(5);
    expect(input('plan-star-1-daily_cap').value).toBe('500');
    expect(input('plan-placement_deadline_days').value).toBe('7');
    expect(document.body.textContent).not.toMatch(/minor units|basis points|\(bp\)/);
    // Named by the label alone; the currency or percent sign stands beside what is typed.
    const unit = (name: string) => screen.getByRole('spinbutton', { name }).closest('.ant-input-number')!.parentElement!.textContent;
    expect(unit('Daily cap without a star')).toContain('USD');
    expect(unit('Level 1 rate')).toContain('%');

    fireEvent.change(input('plan-default_daily_cap_minor'), { target: { value: '250.50' } });
    fireEvent.change(input('plan-level1_rate_bp'), { target: { value: '7.5' } });
    fireEvent.change(input('plan-star-1-daily_cap'), { target: { value: '1000' } });
    fireEvent.change(screen.getAllByPlaceholderText('Reason').at(-1)!, { target: { value: 'New caps' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for approval' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const { updated_at: _at, updated_by: _by, ...wire } = plan;
    expect(sent[0]!.body).toEqual({ ...wire, default_daily_cap_minor: 25050, level1_rate_bp: 750, stars: [{ ...plan.stars[0], daily_cap: 100000 }], base_updated_at: at, reason: 'New caps' });
  });

  it('refuses an amount with more decimals than the currency has, and sends nothing', async () => {
    shown(<ReferralPlan />);
    // The form is the owner's to change: ready once the plan and who is signed in are both in.
    await screen.findByRole('button', { name: 'Ask for approval' });
    fireEvent.change(input('plan-default_daily_cap_minor'), { target: { value: '1.234' } });
    fireEvent.change(screen.getAllByPlaceholderText('Reason').at(-1)!, { target: { value: 'New caps' } });
    expect(screen.getByRole('button', { name: 'Ask for approval' }).hasAttribute('disabled')).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('refuses levels paying more than 30 % of the order together, under the last level paid, and sends nothing', async () => {
    shown(<ReferralPlan />);
    // The form is the owner's to change: ready once the plan and who is signed in are both in.
    await screen.findByRole('button', { name: 'Ask for approval' });
    for (const level of [1, 2, 3]) fireEvent.change(input(`plan-level${level}_rate_bp`), { target: { value: '50' } });
    fireEvent.change(screen.getAllByPlaceholderText('Reason').at(-1)!, { target: { value: 'Pay everyone' } });
    const said = screen.getByRole('alert');
    expect(said.textContent).toBe('The levels paid add up to 150 %: at most 30 % in total');
    // Under level 3's field, which says it is refused and is described by it.
    const level3 = input('plan-level3_rate_bp');
    expect(level3.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(level3.getAttribute('aria-describedby')!)).toBe(said);
    expect(said.parentElement!.querySelector('label')!.textContent).toContain('Level 3 rate');
    const ask = screen.getByRole('button', { name: 'Ask for approval' });
    expect(ask.hasAttribute('disabled')).toBe(true);
    fireEvent.click(ask);
    expect(sent).toHaveLength(0);

    // Two levels paid: level 3's rate pays nothing, and 15 % + 15 % is the most allowed.
    fireEvent.change(input('plan-commission_levels'), { target: { value: '2' } });
    expect(screen.getByRole('alert').textContent).toBe('The levels paid add up to 100 %: at most 30 % in total');
    fireEvent.change(input('plan-level1_rate_bp'), { target: { value: '15' } });
    fireEvent.change(input('plan-level2_rate_bp'), { target: { value: '15' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for approval' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ commission_levels: 2, level1_rate_bp: 1500, level2_rate_bp: 1500, level3_rate_bp: 5000 });
  });

  it('shows in Thai, under its field, the API’s refusal of a field', async () => {
    await changeLanguage('th');
    refusal = { status: 422, body: { code: 422, msg: 'อัตราค่าคอมมิชชันของทุกระดับที่จ่ายรวมกันเป็น 31% ของคำสั่งซื้อ: รวมกันได้ไม่เกิน 30%', data: { errors: [{ field: 'level2_rate_bp', msg: 'อัตราค่าคอมมิชชันของทุกระดับที่จ่ายรวมกันเป็น 31% ของคำสั่งซื้อ: รวมกันได้ไม่เกิน 30%' }] } } };
    shown(<ReferralPlan />);
    await screen.findByRole('button', { name: 'ขออนุมัติ' });
    fireEvent.change(screen.getAllByPlaceholderText('เหตุผล').at(-1)!, { target: { value: 'ฤดูกาลใหม่' } });
    fireEvent.click(screen.getByRole('button', { name: 'ขออนุมัติ' }));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toBe('อัตราค่าคอมมิชชันของทุกระดับที่จ่ายรวมกันเป็น 31% ของคำสั่งซื้อ: รวมกันได้ไม่เกิน 30%');
    expect(document.getElementById(input('plan-level2_rate_bp').getAttribute('aria-describedby')!)).toBe(said);
    expect(said.parentElement!.querySelector('label')!.textContent).toContain('อัตราระดับ 2');
    // An edit answers the refusal.
    fireEvent.change(input('plan-level2_rate_bp'), { target: { value: '1' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the applications queue', () => {
  const rowOf = (name: string) => screen.getByText(name, { exact: false }).closest('tr')!;

  it('tags a banned member and disables Approve with the reason; Reject stays, and other rows are as before', async () => {
    shown(<ReferralApplications />);
    await screen.findByText('banned_bob', { exact: false });
    const banned = rowOf('banned_bob');
    expect(within(banned).getByText('Banned').closest('.ant-tag')).not.toBeNull();
    const approve = within(banned).getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)!.textContent).toBe('The member is banned: lift the ban to approve, or reject');
    expect(within(banned).getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(false);

    const active = rowOf('good_gina');
    expect(within(active).queryByText('Banned')).toBeNull();
    expect(within(active).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false);
    expect(within(active).queryByText(/lift the ban/)).toBeNull();
  });

  it('shows what the member wrote under each field’s name, the phone with its code and the country by name', async () => {
    await changeLanguage('zh-cn');
    shown(<ReferralApplications />);
    await screen.findByText('good_gina', { exact: false });
    fireEvent.click(within(rowOf('good_gina')).getByRole('button', { name: /展开|Expand/ }));
    const facts = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-descriptions-row')].map((r) => r.textContent);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(facts).toEqual(['姓名Gina Tan', '电话+60 123456789', '国家或地区马来西亚 (MY)', '地址1 Jalan Probe', '备注Two shops in Penang']);
  });

  it('says it in Khmer', async () => {
    await changeLanguage('km');
    shown(<ReferralApplications />);
    await screen.findByText('banned_bob', { exact: false });
    const banned = rowOf('banned_bob');
    expect(within(banned).getByText('ត្រូវបានហាមឃាត់')).toBeTruthy();
    expect(within(banned).getByText('សមាជិកត្រូវបានហាមឃាត់៖ ដកការហាមឃាត់ដើម្បីអនុម័ត ឬបដិសេធ')).toBeTruthy();
  });
});

/** The role the console knows the operator by (the shell shows it; here beside the page). */
function SignedInRole() {
  return <span data-testid="signed-in-role">{useOperator().data?.role ?? ''}</span>;
}

describe('the referral pages for a role that only reads them', () => {
  /** The page as an operator of `role` sees it, once the operator and the page's data are in. */
  const asRole = async (role: OperatorRole, ui: React.ReactNode, ready: string, url = '/') => {
    answers['/admin/api/auth/me'] = signedInAs(role);
    shown(
      <>
        <SignedInRole />
        {ui}
      </>,
      url,
    );
    await screen.findByText(ready);
    // Who is signed in may arrive after the page's own data: a missing control means something only once the role is known.
    await waitFor(() => expect(screen.getByTestId('signed-in-role').textContent).toBe(role));
  };

  it('finance reads the plan and the house code: fields read-only, no Ask for approval, no code change; nothing can be sent', async () => {
    await asRole('finance', <ReferralPlan />, 'The plan');
    await screen.findByText('HOUSE2026');
    await waitFor(() => expect(input('plan-level1_rate_bp').disabled).toBe(true));
    for (const f of ['placement_deadline_days', 'pair_rate_bp', 'default_daily_cap_minor', 'star-1-daily_cap']) expect(input(`plan-${f}`).disabled, f).toBe(true);
    expect(screen.getByRole('switch').hasAttribute('disabled')).toBe(true);
    expect(input('plan-level1_rate_bp').value).toBe('5');
    expect(screen.queryByRole('button', { name: 'Ask for approval' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change the code' })).toBeNull();
    expect(screen.queryByPlaceholderText('Reason')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('an owner has the plan editable with Ask for approval, and the code change', async () => {
    await asRole('owner', <ReferralPlan />, 'The plan');
    expect(await screen.findByRole('button', { name: 'Ask for approval' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change the code' })).toBeTruthy();
    expect(input('plan-level1_rate_bp').disabled).toBe(false);
  });

  it('finance sees commissions and pair runs without Run a day, Void or Reverse; an owner has them', async () => {
    await asRole('finance', <ReferralCommissions />, 'P20261');
    await screen.findByText('2026-11-19');
    expect(screen.queryByRole('button', { name: 'Run a day' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
    cleanup();

    await asRole('owner', <ReferralCommissions />, 'P20261');
    expect(await screen.findByRole('button', { name: 'Run a day' })).toBeTruthy();
    expect(within(screen.getByText('P20261').closest('tr')!).getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(within(screen.getByText('P20262').closest('tr')!).getByRole('button', { name: 'Reverse' })).toBeTruthy();
  });

  it('support browses the tree without the move form; an owner moves', async () => {
    await asRole('support', <ReferralTree />, 'Member #5', '/referral/tree?root=5');
    expect(item('User name')).toBe('amy');
    expect(screen.queryByRole('button', { name: 'Move subtree' })).toBeNull();
    cleanup();

    await asRole('owner', <ReferralTree />, 'Member #5', '/referral/tree?root=5');
    expect(await screen.findByRole('button', { name: 'Move subtree' })).toBeTruthy();
  });
});
