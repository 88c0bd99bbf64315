import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, prepareApp, startFakeApi, toastText } from '@/test/helpers';
import { addStyles } from '@/test/styles';
import InvitePage from '../pages/invite-page';
import PlacementPage from '../pages/placement-page';
import StarPage from '../pages/star-page';
import ApplicationsPage from '../pages/applications-page';

const ok = (data: unknown) => ({ json: { code: 200, msg: 'Success', data } });
const node = (id: number, name: string, children: { L: unknown; R: unknown }, open: string[]) => ({ id, user_name: `use***${id}`, nickname: name, avatar: '', star: 0, depth: 0, left_pv: 0, right_pv: 0, left_count: 0, right_count: 0, has_more: false, children, open });
let placed = false;
let applications: unknown[] = [];
let roles: unknown[] = [];
let realName = true;
const COUNTRIES = { MY: { code: 'MY', name: 'Malaysia', pre: '60' }, KH: { code: 'KH', name: 'Cambodia', pre: '855' } };
const api = await startFakeApi({
  '/user/info/shareImg': () => ok({ invite_code: 'MIA2026X', share_url: 'https://shop.example/h5/#/pages/login/reg/reg?shareCode=MIA2026X', qr_code: 'data:image/png;base64,iVBORw0KGgo=' }),
  '/attractive/page/shareList': () => ok({ list: [] }),
  '/user/spread/total': () => ok({ direct_count: 3, team_count: 12896, new_today: 1, team_sales_month: [], commission_total: [{ currency: 'USD', amount: 1250 }], commission_pending: [] }),
  '/attractive/user/sonUserList': () =>
    ok({ list: placed ? [] : [{ id: 21, user_name: 'ann***021', nickname: 'Ann', avatar: '', joined_at: '2026-11-20T10:00:00.000Z', placed: false, parent_id: null, side: null, personal_pv: 0, place_by: '2026-11-27T10:00:00.000Z' }], total: placed ? 0 : 1, page: 1, limit: 20, has_more: false, self_placed: true }),
  '/attractive/user/userDepInfo': () => ok({ placed: true, parent_id: 1, side: 'L', depth: 1, direct_count: 1, personal_pv: 0, left: { members: placed ? 1 : 0, pv_total: 0, pv_today: 0, carry: 0 }, right: { members: 0, pv_total: 0, pv_today: 0, carry: 0 } }),
  '/attractive/user/anzhiTree': () => ok({ self_id: 7, up_id: null, tree: node(7, 'Mia', { L: placed ? node(21, 'Ann', { L: null, R: null }, ['L', 'R']) : null, R: null }, placed ? ['R'] : ['L', 'R']) }),
  '/attractive/user/anzhi': () => {
    placed = true;
    return ok({ user_id: 21, parent_id: 7, side: 'L', placed_at: '2026-11-24T10:00:00.000Z' });
  },
  '/user/info/UserStarProgress': () => ok({ star: 1, next_star: 2, conditions: [{ key: 'personal_pv', current: 150, target: 300, done: false }, { key: 'direct_members', current: 3, target: 3, done: true }], achieved_at: '2026-11-20T10:00:00.000Z', popup: false, history: [{ star: 1, reached_at: '2026-11-20T10:00:00.000Z' }] }),
  '/attractive/agent/getAgentInfo': () => ok({ roles, applications, real_name: realName }),
  '/attractive/user/applyJxs': () => {
    applications = [{ id: 5, kind: 'dealer', status: 'pending', reason: '', created_at: '2026-11-24T10:00:00.000Z', decided_at: null }];
    return ok({ application_id: 5, kind: 'dealer', status: 'pending' });
  },
  '/attractive/user/applyUser': () => {
    applications = [{ id: 6, kind: 'shop_owner', status: 'pending', reason: '', created_at: '2026-11-24T10:00:00.000Z', decided_at: null }];
    return ok({ application_id: 6, kind: 'shop_owner', status: 'pending' });
  },
  '/attractive/countryCode': () => ok([COUNTRIES.MY, COUNTRIES.KH, { code: 'US', name: 'United States', pre: '1' }]),
  '/attractive/country/getAreaPre': (r) => ok(new URL(r.url, 'http://x').searchParams.get('country') === 'KH' ? { country: 'KH', pre: '855' } : { country: 'MY', pre: '60' }),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  placed = false;
  applications = [];
  roles = [];
  realName = true;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.invite.index, element: <InvitePage /> },
      { path: paths.team.placement, element: <PlacementPage /> },
      { path: paths.team.star, element: <StarPage /> },
      { path: paths.team.applications, element: <ApplicationsPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('referral pages', () => {
  it('invite: shows the code, the link and its QR, and the team’s totals', async () => {
    renderAt(paths.invite.index);
    expect((await screen.findByTestId('invite-code')).textContent).toBe('MIA2026X');
    expect(screen.getByText('https://shop.example/h5/#/pages/login/reg/reg?shareCode=MIA2026X')).toBeTruthy();
    expect(screen.getByAltText('QR code of my invitation link')).toBeTruthy();
    expect((await screen.findByTestId('direct-count')).textContent).toBe('3');
    // The team's size as the member's language writes numbers.
    expect(screen.getByText('12,896')).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    // Nothing pending reads as an amount in the same currency, not a bare number.
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.getByText('Placement')).toBeTruthy();
  });

  it('invite: the team’s pages are links Tab reaches, each named, and one opens on a tap', async () => {
    const router = renderAt(paths.invite.index);
    const star = await screen.findByRole('link', { name: 'Star progress' });
    for (const name of ['My team', 'Placement', 'Pair bonus and PV', 'Roles and applications']) {
      const link = screen.getByRole('link', { name });
      link.focus();
      expect(document.activeElement).toBe(link);
    }
    fireEvent.click(star);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.team.star));
  });

  it('placement: choose an invitee, then an empty slot, confirm; the invitee is placed', async () => {
    renderAt(paths.team.placement);
    fireEvent.click(await screen.findByText('Ann'));
    expect(await screen.findByText('Now choose an empty position for Ann')).toBeTruthy();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Place left' }))[0]!);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Place Ann under Mia on the left? A placement cannot be changed.')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Place'));
    await waitFor(() => expect(api.requests.some((r) => r.url.split('?')[0] === '/attractive/user/anzhi')).toBe(true));
    const sent = api.requests.find((r) => r.url.split('?')[0] === '/attractive/user/anzhi')!;
    expect(JSON.parse(sent.body)).toEqual({ user_id: 21, parent_id: 7, side: 'L' });
    expect(await screen.findByText('Nobody is waiting to be placed')).toBeTruthy();
  });

  it('star progress: the star and each condition of the next one', async () => {
    renderAt(paths.team.star);
    expect((await screen.findByTestId('star-now')).textContent).toBe('1-star');
    expect(screen.getByText('To become a 2-star member')).toBeTruthy();
    expect(screen.getByText('150 / 300')).toBeTruthy();
  });

  it('applications: a missing field is named; a sent application shows as under review', async () => {
    renderAt(paths.team.applications);
    expect(await screen.findByText('No role yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(api.requests.some((r) => r.url.startsWith('/attractive/user/applyJxs'))).toBe(false);
    const inputs = document.querySelectorAll('.applications-page input');
    fireEvent.change(inputs[0]!, { target: { value: 'Mei Tan' } });
    fireEvent.change(inputs[1]!, { target: { value: '123456789' } });
    fireEvent.change(inputs[2]!, { target: { value: '1 Jalan Ampang' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Under review')).toBeTruthy();
  });

  it('applications: a link names the kind; the phone starts in the member’s own country and a number typed with + picks its country', async () => {
    useSession.getState().signIn('member-token', memberFixture({ country: 'KH' }));
    renderAt(`${paths.team.applications}?kind=shop_owner`);
    expect(await screen.findByText('No role yet')).toBeTruthy();
    // Member shop owner is chosen (its shop name field shows), and the phone is Cambodia's.
    expect(document.querySelector('.adm-selector-item-active')?.textContent).toBe('Member shop owner');
    // The kinds are a named group of radios Tab reaches, the chosen one said to be checked.
    const kinds = screen.getByRole('radiogroup', { name: 'Role to apply for' });
    expect(within(kinds).getByRole('radio', { name: 'Member shop owner' }).getAttribute('aria-checked')).toBe('true');
    const dealer = within(kinds).getByRole('radio', { name: 'Dealer (agent)' });
    dealer.focus();
    expect(document.activeElement).toBe(dealer);
    expect(dealer.getAttribute('aria-checked')).toBe('false');
    const code = await screen.findByRole('button', { name: 'Country code +855' });
    const [name, mobile, address, shopName] = [...document.querySelectorAll('.applications-page input')];
    // The code stands in front of the number, in its row (as on the sign-up and address forms).
    expect(code.compareDocumentPosition(mobile!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(code.parentElement).toBe(mobile!.closest('.adm-input')!.parentElement);
    fireEvent.change(name!, { target: { value: 'Sophea Chan' } });
    fireEvent.change(address!, { target: { value: '12 Street 240' } });
    fireEvent.change(shopName!, { target: { value: 'Sophea’s Corner' } });
    // Not a phone number: the hint names the code, nothing is sent.
    fireEvent.change(mobile!, { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastText()).toBe('Enter a phone number of +855: 4 to 15 digits, or the whole number with + and its country code');
    expect(api.requests.some((r) => r.url.startsWith('/attractive/user/applyUser'))).toBe(false);
    // Typed with its + and code: sent as that country's number.
    fireEvent.change(mobile!, { target: { value: '+60 12-345 6789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Under review')).toBeTruthy();
    const sent = JSON.parse(api.requests.find((r) => r.url.startsWith('/attractive/user/applyUser'))!.body);
    expect(sent).toMatchObject({ name: 'Sophea Chan', mobile_pre: '60', country: 'MY', mobile: '123456789', shop_name: 'Sophea’s Corner' });
    // Another role's form, once asked for, keeps the country the number was of.
    fireEvent.click(screen.getByRole('button', { name: 'Apply for another role' }));
    expect(await screen.findByRole('button', { name: 'Country code +60' })).toBeTruthy();
  });

  it('applications: a number typed without + is of the member’s country', async () => {
    useSession.getState().signIn('member-token', memberFixture({ country: 'KH' }));
    renderAt(`${paths.team.applications}?kind=shop_owner`);
    expect(await screen.findByRole('button', { name: 'Country code +855' })).toBeTruthy();
    const [name, mobile, address] = [...document.querySelectorAll('.applications-page input')];
    fireEvent.change(name!, { target: { value: 'Sophea Chan' } });
    fireEvent.change(mobile!, { target: { value: '12 345 678' } });
    fireEvent.change(address!, { target: { value: '12 Street 240' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Under review')).toBeTruthy();
    const sent = JSON.parse(api.requests.filter((r) => r.url.startsWith('/attractive/user/applyUser')).at(-1)!.body);
    expect(sent).toMatchObject({ mobile_pre: '855', country: 'KH', mobile: '12345678' });
  });

  it('applications: a role held or waiting for a decision is not offered again; with none left the page says so', async () => {
    roles = [{ kind: 'shop_owner', status: 'active', since: '2026-11-20T10:00:00.000Z', region: '' }];
    applications = [{ id: 5, kind: 'dealer', status: 'pending', reason: '', created_at: '2026-11-24T10:00:00.000Z', decided_at: null }];
    renderAt(`${paths.team.applications}?kind=shop_owner`);
    await screen.findByText('Under review');
    // The link asked for a shop, which the member already runs: the one role left is chosen.
    await waitFor(() => expect([...document.querySelectorAll('.adm-selector-item')].map((e) => e.textContent)).toEqual(['Service centre']));
    expect(document.querySelector('.adm-selector-item-active')?.textContent).toBe('Service centre');
    cleanup();

    roles = [...roles, { kind: 'service_centre', status: 'active', since: '2026-11-21T10:00:00.000Z', region: '' }];
    renderAt(paths.team.applications);
    expect(await screen.findByTestId('no-role-to-ask')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('applications: without a verified real name, the way to verify it rather than a form the shop would refuse', async () => {
    realName = false;
    renderAt(`${paths.team.applications}?kind=shop_owner`);
    const verify = await screen.findByRole('link', { name: 'Verify my real name' });
    expect(verify.getAttribute('href')).toContain(`${paths.other.settings}?section=realName`);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    // Drawn as the button it is, not underlined, and apart from the hint above it.
    const removeStyles = addStyles('apps/web/src/app/styles.css', 'apps/web/src/features/referral/referral.css');
    try {
      expect(getComputedStyle(verify).textDecoration).toBe('none');
      expect(parseFloat(getComputedStyle(verify).marginTop)).toBeGreaterThanOrEqual(8);
    } finally {
      removeStyles();
    }
  });
});
