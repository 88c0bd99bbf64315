import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@shop/contract/admin';
import { formatMoney } from '../../lib/format';
import { AfterSaleReasons } from '../../pages/after-sales/AfterSaleReasons';
import Dashboard from '../../pages/dashboard/Dashboard';
import Adjustments from '../../pages/money/Adjustments';
import ReferralApplications from '../../pages/referral/Applications';
import ReferralCommissions from '../../pages/referral/Commissions';
import HouseCode from '../../pages/referral/HouseCode';
import ReferralPlan from '../../pages/referral/Plan';
import { FreightAndFees } from '../../pages/settings/FreightAndFees';
import { LanguageTexts } from '../../pages/settings/LanguageTexts';
import ChatDesk from '../../pages/support/ChatDesk';
import Messages from '../../pages/support/Messages';
import { renderInConsole, signedInAgainst } from '../../test/console';
import { referralPlan } from '../../test/referral-plan';
import { windowWidth } from '../../test/window-width';

// At 375 px these console pages scrolled sideways or put controls past the screen's edge: the canned
// replies card was 560 px wide, the referral, after-sales reasons and freight tables spilled out of their
// cards, "Adjust a balance" sat at x 317–452, the outside chat's address and the referral reasons ran past
// their cards, the language texts' search touched the edge and the dashboard's sales title was cut.
// Every table now scrolls in its own frame as the lists do, a control with a width of its own gives way to
// a narrower screen, its row wraps and lets it narrow, and card titles wrap. jsdom lays nothing out: what is
// checked is what makes the browser do so (styles, the table's frame and its columns' widths).

/** A 375 px screen less the page's margins (2 × 16). */
const ROOM = 343;
const at = '2026-11-20T10:00:00.000Z';
const commission = (id: number) => ({ id, order_id: 40 + id, shop_order_id: null, order_no: `P2026${id}`, buyer_id: 9, buyer_name: 'bella', beneficiary_id: 5, beneficiary_name: 'amy', level: 1, base: 10000, rate_bp: 500, amount: 500, posted: 0, netted: 0, reversed: 0, debt: 0, currency: 'USD', status: 'pending', reason: '', created_at: at, settled_at: null });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true },
  '/admin/api/referral/commissions': { list: [commission(1)], total: 1, page: 1, limit: 20, has_more: false },
  '/admin/api/referral/pair-runs': { list: [{ day: '2026-11-19', members: 3, pairs: 2, paid: 2000, netted: 0, flushed: 0, currency: 'USD', ran_at: at, ran_by: 'system' }], total: 1, page: 1, limit: 30, has_more: false },
  '/admin/api/referral/applications': {
    list: [{ id: 31, member_id: 7, user_name: 'gina', nickname: '', member_status: 'active', kind: 'dealer', status: 'pending', fields: { country: 'MY' }, reason: '', created_at: at, decided_by: null, decided_at: null }],
    total: 1,
    page: 1,
    limit: 20,
    has_more: false,
  },
  '/admin/api/referral/plan': referralPlan({ updatedAt: at }),
  '/admin/api/referral/house-code': { house_code: 'HOUSE2026' },
  '/admin/api/approvals': { list: [], total: 0, page: 1, limit: 20, has_more: false },
  '/admin/api/approvals/limits': { list: [] },
  '/admin/api/chat/conversations': { list: [], total: 0, page: 1, limit: 50, has_more: false },
  '/admin/api/chat/agents': { list: [] },
  '/admin/api/chat/canned': { list: [{ id: 3, lang: 'en-us', title: 'Shipping times', text: 'Orders ship within two working days.', sort: 0, updated_at: at }] },
  '/admin/api/ledger/adjustments': { list: [], total: 0, page: 1, limit: 20, has_more: false },
  '/admin/api/ledger/adjustment-limits': { list: [] },
  '/admin/api/messages/broadcasts': { list: [], total: 0, page: 1, limit: 20, has_more: false },
  '/admin/api/messages/settings': { message_retention_days: 180, feedback_daily_limit: 5, chat_mode: 'external', external_chat_url: 'https://chat.example.com/{member_id}', updated_by: 'owner', updated_at: at },
  '/admin/api/feedback/categories': { list: [] },
  '/admin/api/settings/language-texts': { list: [{ key: 'app.home.title', text: 'Home', shipped: 'Home', changed: false }], total: 1, page: 1, limit: 20, has_more: false, version: 3 },
  '/admin/api/dashboard': { date: '2026-11-20', orders_today: 4, paid_orders_today: 3, sales: [{ currency: 'USD', total: 12000, orders: 3 }], new_members: 2, queues: {} },
};

signedInAgainst(answers);
beforeEach(() => windowWidth(375));

function show(page: ReactNode) {
  return renderInConsole(page, '/').container;
}

const label = (e: Element) => `${e.tagName.toLowerCase()}.${(e.className || '(no class)').toString().split(' ').slice(0, 2).join('.')}`;
const zero = (v: string) => /^0(px)?$/.test(v);

/**
 * What keeps `control` (an input, a select, a button, a card) from narrowing to the room, from it up to the
 * page: a box wider than the room that does not give way (`max-width: 100%`), a row of controls that never
 * wraps, an item of a row that may not shrink below what it holds (`min-width: 0`), or a box as wide as
 * what it holds (an inline flex box) with nothing keeping it within its parent.
 */
function tooWide(control: HTMLElement, page: HTMLElement): string[] {
  const problems: string[] = [];
  for (let e = control; e !== page; e = e.parentElement!) {
    const own = getComputedStyle(e);
    const parent = getComputedStyle(e.parentElement!);
    if (parseFloat(e.style.width) > ROOM && e.style.maxWidth !== '100%') problems.push(`${label(e)} is ${e.style.width} wide`);
    if (e === control) continue;
    const row = /flex/.test(parent.display) && !/column/.test(parent.flexDirection);
    if (row && !zero(own.minWidth)) problems.push(`${label(e)} cannot shrink below what it holds`);
    if (row && e.parentElement!.children.length > 1 && parent.flexWrap !== 'wrap') problems.push(`${label(e.parentElement!)} keeps its controls on one line`);
    if (/^inline-(flex|block)$/.test(own.display) && own.maxWidth !== '100%' && own.width !== '100%') problems.push(`${label(e)} is as wide as what it holds`);
  }
  return problems;
}

/** The root of an antd control holding `el` (an input with its affixes, a search box, a select). */
const controlOf = (el: HTMLElement) => (el.closest('.ant-input-search, .ant-input-affix-wrapper, .ant-select, .ant-input-number') as HTMLElement | null) ?? el;

/** Every table of the page scrolls sideways in its own frame, each column told its width or a minimum of a few words. */
function framed(page: HTMLElement) {
  const tables = [...page.querySelectorAll('.ant-table')] as HTMLElement[];
  expect(tables.length).toBeGreaterThan(0);
  for (const table of tables) {
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).join(' | ');
    expect(table.classList.contains('ant-table-scroll-horizontal'), headings).toBe(true);
    const cols = [...table.querySelectorAll('colgroup col')].filter((c) => !c.className.includes('expand')) as HTMLElement[];
    for (const col of cols) expect(parseFloat(col.style.width) || parseFloat(col.style.minWidth), `${headings}: ${col.outerHTML}`).toBeGreaterThanOrEqual(col.style.width ? 1 : 96);
  }
}

describe('tables outside the lists on a 375 px phone', () => {
  it('referral commissions and pair runs scroll in their own frames', async () => {
    const page = show(<ReferralCommissions />);
    await screen.findByText('P20261', {}, { timeout: 10_000 });
    await screen.findByText('2026-11-19');
    framed(page);
  });

  it('referral applications scroll in their own frame', async () => {
    const page = show(<ReferralApplications />);
    await screen.findByText(/gina/, {}, { timeout: 10_000 });
    framed(page);
  });

  it('after-sales reasons scroll in their own frame, "Edit reason" with them', () => {
    const reasons = [{ kind: 'return' as const, code: 'damaged_in_transit', names: { 'en-us': 'Damaged in transit' }, text: 'Damaged in transit', shipped: false, needs_evidence: true, sort: 1, enabled: true, updated_at: at }];
    const page = show(<AfterSaleReasons reasons={reasons} reload={async () => reasons} />);
    expect(screen.getByText('Damaged in transit')).toBeTruthy();
    framed(page);
  });

  it('freight, operating fees and international freight scroll in their own frames', () => {
    const stamp = { updated_by: 'owner', updated_at: at };
    const s = {
      captcha_mode: 'auto',
      captcha_bypass: false,
      captcha_updated_by: 'owner',
      captcha_updated_at: at,
      orders: { expiry_minutes: 30, auto_confirm_days: 7, settle_after_days: 7, ...stamp },
      shipping_fees: [{ country_code: 'US', currency: 'USD', fee: 500, free_over: 3000, ...stamp }],
      sale_currencies: ['USD'],
      points: { points_per_unit: 100, shopping_points_per_unit: 100, points_max_share_bp: 10000, earn_rate_bp: 100, ...stamp },
      operating_fees: [{ country_code: 'US', rate_bp: 300, ...stamp }],
      international_freight: [{ country_code: 'US', method: 'standard', weight_from_g: 0, weight_to_g: 1000, fee: 900, currency: 'USD', ...stamp }],
      currencies: [],
    } as unknown as Parameters<typeof FreightAndFees>[0]['s'];
    const page = show(<FreightAndFees s={s} ask={() => undefined} money={formatMoney} countries={[{ code: 'US', name: 'United States' }]} />);
    expect(page.querySelectorAll('.ant-table')).toHaveLength(3);
    framed(page);
    // "Free from subtotal" is read whole in its box (about 8 px a character), not cut to "Free fro…".
    const freeOver = screen.getByTestId('freight-free-over');
    const box = freeOver.closest('.ant-input-number') as HTMLElement;
    expect(parseFloat(box.style.width)).toBeGreaterThanOrEqual(8 * (freeOver.getAttribute('placeholder') ?? '').length);
    expect(box.style.maxWidth).toBe('100%');
  });
});

describe('controls on a 375 px phone', () => {
  it('support desk: the canned replies card and its title field narrow to the screen, the replies scroll in their frame', async () => {
    const page = show(<ChatDesk />);
    await screen.findByText('Shipping times', {}, { timeout: 10_000 });
    const card = screen.getByText('Shipping times').closest('.ant-card') as HTMLElement;
    expect(tooWide(card, page)).toEqual([]);
    const title = controlOf(card.querySelector('input[maxlength="60"]') as HTMLElement);
    expect(tooWide(title, page)).toEqual([]);
    framed(card);
  });

  it('adjustments: "Adjust a balance" wraps under the states instead of past the edge', async () => {
    const page = show(<Adjustments />);
    const button = await screen.findByTestId('new-adjustment', {}, { timeout: 10_000 });
    expect(tooWide(button, page)).toEqual([]);
  });

  it('messages to members: the outside chat’s address narrows to the screen', async () => {
    const page = show(<Messages />);
    const address = controlOf(await screen.findByDisplayValue('https://chat.example.com/{member_id}', {}, { timeout: 10_000 }));
    expect(tooWide(address, page)).toEqual([]);
  });

  it('referral: the house code’s and the plan’s reasons stay within their cards', async () => {
    let page = show(<HouseCode />);
    await screen.findByTestId('house-code', {}, { timeout: 10_000 });
    for (const input of screen.getAllByPlaceholderText(/.+/)) expect(tooWide(controlOf(input), page)).toEqual([]);
    cleanup();
    page = show(<ReferralPlan />);
    const reason = controlOf(await screen.findByPlaceholderText('Reason', {}, { timeout: 10_000 }));
    expect(tooWide(reason, page)).toEqual([]);
  });

  it('language texts: the language and the search narrow to the screen', async () => {
    const page = show(<LanguageTexts ask={() => undefined} />);
    const search = controlOf(await screen.findByTestId('text-search', {}, { timeout: 10_000 }));
    expect(tooWide(search, page)).toEqual([]);
    const language = search.parentElement!.parentElement!.querySelector('.ant-select') as HTMLElement;
    expect(tooWide(language, page)).toEqual([]);
  });

  it('dashboard: a card’s title wraps instead of being cut', async () => {
    show(<Dashboard />);
    const title = await screen.findByText('Orders paid per currency (before refunds)', {}, { timeout: 10_000 });
    const head = title.closest('.ant-card-head-title') as HTMLElement;
    expect(getComputedStyle(head).whiteSpace).toBe('normal');
  });
});
