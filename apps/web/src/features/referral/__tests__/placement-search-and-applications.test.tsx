import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, prepareApp, startFakeApi, toastText } from '@/test/helpers';
import PlacementPage from '../pages/placement-page';
import ApplicationsPage from '../pages/applications-page';

const ok = (data: unknown) => ({ json: { code: 200, msg: 'Success', data } });
const node = (id: number, name: string, children: { L: unknown; R: unknown }, open: string[]) => ({ id, user_name: `use***${id}`, nickname: name, avatar: '', star: 0, depth: 0, left_pv: 0, right_pv: 0, left_count: 0, right_count: 0, has_more: false, children, open });
const mia = () => node(7, 'Mia', { L: node(21, 'Ann', { L: null, R: null }, ['L', 'R']), R: null }, ['R']);

let applications: unknown[] = [];
/** While set, the next application is answered only once it resolves (a request still in flight). */
let hold: Promise<void> | undefined;
/** The answer to an application instead of its success. */
let refusal: { status?: number; json: unknown } | undefined;
const apply = (id: number, kind: string) => () => {
  if (refusal) return refusal;
  applications = [...applications, { id, kind, status: 'pending', reason: '', created_at: '2026-11-24T10:00:00.000Z', decided_at: null }];
  return { ...ok({ application_id: id, kind, status: 'pending' }), ...(hold ? { wait: hold } : {}) };
};
const api = await startFakeApi({
  '/attractive/user/sonUserList': () => ok({ list: [], total: 0, page: 1, limit: 20, has_more: false, self_placed: true }),
  '/attractive/user/userDepInfo': () => ok({ placed: true, parent_id: 1, side: 'L', depth: 1, direct_count: 1, personal_pv: 0, left: { members: 1, pv_total: 0, pv_today: 0, carry: 0 }, right: { members: 0, pv_total: 0, pv_today: 0, carry: 0 } }),
  // As the API answers: a name found in the team draws its tree; a name nobody has draws the member's own, flagged as no match.
  '/attractive/user/anzhiTree': (r) => {
    const q = new URL(r.url, 'http://x').searchParams.get('q');
    if (q === null) return ok({ self_id: 7, up_id: null, tree: mia() });
    if ('ann'.includes(q.toLowerCase())) return ok({ self_id: 7, up_id: 7, tree: node(21, 'Ann', { L: null, R: null }, ['L', 'R']), matched: true });
    return ok({ self_id: 7, up_id: null, tree: mia(), matched: false });
  },
  '/attractive/agent/getAgentInfo': () => ok({ roles: [], applications, real_name: true }),
  '/attractive/user/applyJxs': apply(5, 'dealer'),
  '/attractive/user/applyUser': apply(6, 'shop_owner'),
  '/attractive/countryCode': () => ok([{ code: 'MY', name: 'Malaysia', pre: '60' }]),
  '/attractive/country/getAreaPre': () => ok({ country: 'MY', pre: '60' }),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  applications = [];
  hold = undefined;
  refusal = undefined;
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.team.placement, element: <PlacementPage /> },
      { path: paths.team.applications, element: <ApplicationsPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const searchBox = () => document.querySelector<HTMLInputElement>('.placement-page .adm-search-bar input')!;
const search = (text: string) => {
  fireEvent.change(searchBox(), { target: { value: text } });
  fireEvent.keyDown(searchBox(), { key: 'Enter', code: 'Enter', keyCode: 13 });
};
const drawnNodes = () => [...document.querySelectorAll('.tree-node .tree-card strong')].map((e) => e.textContent);
const sent = (path: string) => api.requests.filter((r) => r.url.split('?')[0] === path);

function fillApplication(name = 'Mei Tan') {
  const [nameBox, mobile, address] = [...document.querySelectorAll<HTMLInputElement>('.applications-page input')];
  fireEvent.change(nameBox!, { target: { value: name } });
  fireEvent.change(mobile!, { target: { value: '123456789' } });
  fireEvent.change(address!, { target: { value: '1 Jalan Ampang' } });
}

describe('placement: searching the tree by name', () => {
  it('a name nobody in the team has is said to match nobody, with the search kept; a name found shows its tree', async () => {
    renderAt(paths.team.placement);
    await waitFor(() => expect(drawnNodes()).toEqual(['Mia', 'Ann']));

    search('Zoltan');
    expect(await screen.findByText('Nobody in your team matches “Zoltan”')).toBeTruthy();
    // The member's own tree is not passed off as the result, and the text stays to be corrected.
    expect(drawnNodes()).toEqual([]);
    expect(searchBox().value).toBe('Zoltan');

    search('Ann');
    await waitFor(() => expect(drawnNodes()).toEqual(['Ann']));
    expect(screen.queryByText(/Nobody in your team matches/)).toBeNull();
  });
});

describe('applications: after sending', () => {
  it('one tap sends once (the button waits for the answer); the sent kind then shows as under review, not as a filled form', async () => {
    let release!: () => void;
    hold = new Promise<void>((r) => (release = r));
    renderAt(paths.team.applications);
    expect(await screen.findByText('No role yet')).toBeTruthy();
    fillApplication();
    const submit = screen.getByRole('button', { name: 'Submit' });
    // A fast second tap, before the page has drawn the first one's effect.
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(sent('/attractive/user/applyJxs')).toHaveLength(1));
    expect((screen.getByRole('button', { name: /Submit/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await act(async () => {
      release();
      await hold;
    });

    expect(await screen.findByText('Your application as Dealer (agent) is under review. You will get a message once it is decided.')).toBeTruthy();
    expect(sent('/attractive/user/applyJxs')).toHaveLength(1);
    // No form of another kind holding the same name, phone and address, ready to send again.
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect([...document.querySelectorAll<HTMLInputElement>('.applications-page input')].map((i) => i.value)).not.toContain('Mei Tan');
    expect(sent('/attractive/user/applyUser')).toHaveLength(0);

    // Only when the member asks: a form for a role still open, the dealer's no longer offered.
    fireEvent.click(screen.getByRole('button', { name: 'Apply for another role' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect([...document.querySelectorAll('.adm-selector-item')].map((e) => e.textContent)).toEqual(['Service centre', 'Member shop owner']);
  });

  it('a refusal (an application already under review, or a failure) is shown in the member’s language and keeps the form', async () => {
    refusal = { json: { code: 8010, msg: 'Your application is under review', data: null } };
    renderAt(`${paths.team.applications}?kind=shop_owner`);
    expect(await screen.findByText('No role yet')).toBeTruthy();
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your application is under review');
    expect(await toastText(100)).toBe('');
    expect(document.querySelector<HTMLInputElement>('.applications-page input')!.value).toBe('Mei Tan');

    // A server failure: said plainly, and the button is usable again.
    refusal = { status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } };
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrong, please try again later'));
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
