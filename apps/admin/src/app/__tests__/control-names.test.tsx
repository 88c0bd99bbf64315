import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@shop/contract/admin';
import { changeLanguage, i18n, initI18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { referralPlan } from '../../test/referral-plan';
import AfterSales from '../../pages/after-sales/AfterSales';
import AfterSalesSettings from '../../pages/after-sales/AfterSalesSettings';
import Reviews from '../../pages/catalogue/Reviews';
import ReferralApplications from '../../pages/referral/Applications';
import ReferralPlan from '../../pages/referral/Plan';
import { App } from '../App';
import { answeringFrom } from '../../test/fake-api';

// An operator with a screen reader goes through the console: every field, switch and filter says
// what it is (not "spinbutton 100", not the stepper's English "Increase Value"), a clickable photo
// says whose it is, and an empty table says so in the console's own words.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-11-30T10:00:00.000Z';
const plan = referralPlan({ stars: 2, updatedAt: at });
const review = {
  id: 5, goods_id: 3, goods_name: 'Tea set', member_id: 9, member: 'mia', author_name: 'm***', rating: 4, content: 'Lovely', images: ['/media/a.jpg', '/media/b.jpg'], sku_text: '',
  order_line_id: 1, created_at: at, edited_at: null, visible: true, moderation: null, returned_at: null, reply: '', replied_by: null, replied_at: null,
};
const settings = { return_days: 7, exchange_days: 15, max_exchanges: 1, ship_back_days: 7, auto_complete_days: 7, review_edit_days: 30, updated_by: 'system', updated_at: at };
const answers: Record<string, unknown> = {};
beforeEach(async () => {
  await changeLanguage('en-us');
  Object.assign(answers, {
    '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true },
    '/admin/api/referral/plan': plan,
    '/admin/api/referral/house-code': { house_code: 'HOUSE2026' },
    '/admin/api/referral/applications': { list: [], total: 0, page: 1, limit: 20, has_more: false },
    '/admin/api/referral/commissions': { list: [], total: 0, page: 1, limit: 20, has_more: false },
    '/admin/api/referral/pair-runs': { list: [], total: 0, page: 1, limit: 30, has_more: false },
    '/admin/api/after-sales/list': { list: [], total: 0, page: 1, limit: 20, has_more: false },
    '/admin/api/after-sales/settings': {
      settings,
      reasons: [],
      addresses: [{ id: 4, country_code: 'MY', kind: 'return', name: 'KL returns', address: '1 Jalan Ampang', phone: '', hours: '', enabled: true, updated_at: at }],
      carriers: [{ code: 'dhl', name: 'DHL', needs_phone_tail: false, enabled: true, updated_at: at }],
    },
    '/admin/api/geo/shipping-countries': { list: [] },
    '/admin/api/catalogue/reviews': { list: [review], total: 1, page: 1, limit: 20, has_more: false },
  });
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', answeringFrom(answers));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  window.location.hash = '';
  await changeLanguage('en-us');
});

const shown = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>{ui}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
/** Controls of `role` a screen reader announces with no name at all. */
const unnamed = (role: string) => screen.queryAllByRole(role, { name: '' });

describe('the referral plan', () => {
  it('names each number of the star ladder by its star and column', async () => {
    shown(<ReferralPlan />);
    await screen.findByRole('button', { name: 'Ask for approval' });
    expect((screen.getByRole('spinbutton', { name: 'Star 1 · Personal PV' }) as HTMLInputElement).value).toBe('100');
    expect((screen.getByRole('spinbutton', { name: 'Star 2 · Smaller-leg PV' }) as HTMLInputElement).value).toBe('2000');
    expect((screen.getByRole('spinbutton', { name: 'Star 2 · Daily cap' }) as HTMLInputElement).value).toBe('500');
    expect(unnamed('spinbutton')).toEqual([]);
  });

  it('names a field by its label alone, without the stepper’s words, in Japanese and Hungarian', async () => {
    for (const lang of ['jp', 'hu'] as const) {
      await changeLanguage(lang);
      const { unmount } = shown(<ReferralPlan />);
      const label = i18n.t('console.referral.plan.pair_unit_pv');
      expect(((await screen.findByRole('spinbutton', { name: label })) as HTMLInputElement).value).toBe('100');
      expect(screen.getByRole('spinbutton', { name: i18n.t('console.referral.plan.default_daily_cap_minor') })).toBeTruthy();
      expect(screen.getByRole('switch', { name: i18n.t('console.referral.plan.keep_star') })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: i18n.t('console.referral.plan.bonus_currency') })).toBeTruthy();
      expect(screen.queryAllByRole('spinbutton', { name: /Increase|Decrease/ })).toEqual([]);
      unmount();
    }
  });
});

describe('the after-sales settings', () => {
  it('name the kind of a new address, and each row’s "In use" after the row', async () => {
    shown(<AfterSalesSettings />);
    await screen.findByText('KL returns');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'In use: KL returns' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'In use: DHL' }) as HTMLInputElement).checked).toBe(true);
    expect(unnamed('checkbox')).toEqual([]);
    expect(unnamed('combobox')).toEqual([]);
  });
});

describe('the goods reviews', () => {
  it('name each photo of a review by its place and the review’s author, in the operator’s language', async () => {
    shown(<Reviews />);
    await screen.findByTestId('review-5');
    expect(screen.getByRole('button', { name: 'Photo 1 of the review by mia' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Photo 2 of the review by mia' })).toBeTruthy();
    expect(unnamed('button')).toEqual([]);
    await act(() => changeLanguage('zh-cn'));
    expect(screen.getByRole('button', { name: i18n.t('console.catalogue.reviews.photoOf', { n: 1, author: 'mia' }) })).toBeTruthy();
    expect(i18n.t('console.catalogue.reviews.photoOf', { n: 1, author: 'mia' })).not.toContain('Photo');
  });
});

describe('the queues’ filters', () => {
  it('the applications’ status filter is named "Status"', async () => {
    shown(<ReferralApplications />);
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeTruthy();
  });

  it('the after-sales queue names its states and its order filter', async () => {
    shown(<AfterSales />);
    const states = await screen.findByRole('radiogroup', { name: 'Status' });
    expect(within(states).getAllByRole('radio').length).toBeGreaterThan(3);
    expect(screen.getByRole('combobox', { name: 'Order type' })).toBeTruthy();
    expect(unnamed('combobox')).toEqual([]);
  });
});

describe('an empty table', () => {
  it('says "Nothing here" in the console’s words, on the referral pages too', async () => {
    window.location.hash = '#/referral/commissions';
    render(<App />);
    expect(await screen.findAllByText('Nothing here', { selector: '.ant-empty-description' }, { timeout: 10_000 })).toHaveLength(2);
    expect(document.body.textContent).not.toContain('No data');
    cleanup();
    await changeLanguage('th');
    window.location.hash = '#/referral/applications';
    render(<App />);
    expect(await screen.findAllByText(i18n.t('console.common.empty'), { selector: '.ant-empty-description' }, { timeout: 10_000 })).toHaveLength(1);
    expect(document.body.textContent).not.toContain('No data');
  }, 30_000);
});
