import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createHashRouter, createMemoryRouter, Link, matchRoutes, Outlet, RouterProvider, useSearchParams, type RouteObject } from '@/lib/router';
import { routes as appRoutes } from '@/app/routes';
import { paths } from '@/config/paths';

afterEach(cleanup);

function Query() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ tab: 'b' }, { replace: true })}>
      tab={params.get('tab') ?? 'none'}
    </button>
  );
}

function KnownPage() {
  return <span>known page</span>;
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <div>
        <span>frame</span>
        <Outlet />
      </div>
    ),
    children: [
      { index: true, element: <Link to="/a?tab=a">to a</Link> },
      { path: '/a', element: <Query /> },
      { path: '/lazy', lazy: async () => ({ Component: () => <span>lazy page</span> }) },
      { path: '/known', lazy: Object.assign(async () => ({ Component: KnownPage }), { resolved: { Component: KnownPage } }) },
      { path: '*', element: <span>not found</span> },
    ],
  },
];

describe('the app router', () => {
  it('matches the layout and its page, the index, and the catch-all last', () => {
    expect(matchRoutes(routes, '/a')!.map((m) => m.route.path)).toEqual(['/', '/a']);
    expect(matchRoutes(routes, '/')!.map((m) => m.route.index ?? m.route.path)).toEqual(['/', true]);
    expect(matchRoutes(routes, '/nowhere')!.map((m) => m.route.path)).toEqual(['/', '*']);
  });

  it('follows links, reads and replaces the query, goes back, and resolves lazy pages', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('frame')).toBeTruthy();
    fireEvent.click(screen.getByText('to a'));
    expect(router.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' });
    fireEvent.click(screen.getByText('tab=a'));
    expect(router.state.location.search).toBe('?tab=b');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => {
      router.navigate(-1);
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('POP');
    act(() => router.navigate('/lazy'));
    expect(await screen.findByText('lazy page')).toBeTruthy();
    act(() => router.navigate('/nowhere'));
    expect(screen.getByText('not found')).toBeTruthy();
  });

  it('renders a page whose code is already known in the first render, with no frame without it', () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/known'] });
    // No waiting: what the first render drew is on screen as render returns.
    render(<RouterProvider router={router} />);
    expect(screen.getByText('known page')).toBeTruthy();
  });

  it('returning from a page opened to pick something lands on the page behind, in its place, with what was picked', async () => {
    window.history.replaceState(null, '', '#/');
    const router = createHashRouter(routes);
    render(<RouterProvider router={router} />);
    const length = window.history.length;
    act(() => router.navigate('/a?tab=a'));
    act(() => router.navigate('/known'));
    expect(window.history.length).toBe(length + 2);
    // The step back is the browser's popstate, which comes when it comes: wait for the landing, not a fixed time.
    act(() => router.navigate('/a?tab=b', { returning: true }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/a', search: '?tab=b' }));
    expect(window.location.hash).toBe('#/a?tab=b');
    expect(screen.getByText('tab=b')).toBeTruthy();
    // The page behind was replaced, not stacked: one step back is the first page.
    act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // With nothing behind, the page is replaced.
    const first = createMemoryRouter(routes, { initialEntries: ['/known'] });
    first.navigate('/a?tab=c', { returning: true });
    expect(first.state.location).toMatchObject({ pathname: '/a', search: '?tab=c' });
    expect(first.state.historyAction).toBe('REPLACE');
  });

  it('leaving a page for the page behind it (a sign-in done) goes back to that page: it is in the history once', async () => {
    window.history.replaceState(null, '', '#/');
    const router = createHashRouter(routes);
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/a?tab=a'));
    act(() => router.navigate('/known'));
    act(() => router.navigate('/a?tab=a', { returnIfBehind: true }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' }));
    expect(window.location.hash).toBe('#/a?tab=a');
    expect(window.history.state.idx).toBe(1);
    // One step back leaves it: the first page, not the same page again.
    act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Another page than the one behind replaces this one, as `replace` does.
    act(() => router.navigate('/known'));
    act(() => router.navigate('/a?tab=z', { returnIfBehind: true }));
    expect(router.state.location).toMatchObject({ pathname: '/a', search: '?tab=z' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(window.history.state.idx).toBe(1);
    act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The same in memory; and with nothing behind, the page is replaced.
    const memory = createMemoryRouter(routes, { initialEntries: ['/', '/a?tab=a', '/known'] });
    memory.navigate('/a?tab=a', { returnIfBehind: true });
    await waitFor(() => expect(memory.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' }));
    memory.navigate(-1);
    await waitFor(() => expect(memory.state.location.pathname).toBe('/'));
    const first = createMemoryRouter(routes, { initialEntries: ['/known'] });
    first.navigate('/a?tab=a', { returnIfBehind: true });
    expect(first.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' });
    expect(first.state.historyAction).toBe('REPLACE');
  });

  it('a sign-in page reached from another one steps back past both to the page behind them: it is in the history once', async () => {
    // As the app's sign-in pages do: the page sent from, then login (`/known`), then sign-up (`/lazy`) opened from it.
    const signInPages = ['/known', '/lazy'];
    window.history.replaceState(null, '', '#/');
    const router = createHashRouter(routes);
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/a?tab=a'));
    act(() => router.navigate('/known'));
    act(() => router.navigate('/lazy'));
    act(() => router.navigate('/a?tab=a', { returnIfBehind: true, returnOver: signInPages }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' }));
    expect(window.location.hash).toBe('#/a?tab=a');
    expect(window.history.state.idx).toBe(1);
    // One step back leaves it for where the member was before: the first page, not the login page.
    act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // A page between them that is not a sign-in page is not stepped over: this page is replaced, as before.
    act(() => router.navigate('/a?tab=a'));
    act(() => router.navigate('/nowhere'));
    act(() => router.navigate('/lazy'));
    act(() => router.navigate('/a?tab=a', { returnIfBehind: true, returnOver: signInPages }));
    expect(router.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(window.history.state.idx).toBe(3);
    // The same in memory, however often the member went between the sign-in pages.
    const memory = createMemoryRouter(routes, { initialEntries: ['/', '/a?tab=a', '/known', '/lazy', '/known'] });
    memory.navigate('/a?tab=a', { returnIfBehind: true, returnOver: signInPages });
    await waitFor(() => expect(memory.state.location).toMatchObject({ pathname: '/a', search: '?tab=a' }));
    memory.navigate(-1);
    await waitFor(() => expect(memory.state.location.pathname).toBe('/'));
  });

  it('a page named by its query opens afresh for another record, and stays as it is when only a tab or filter changes', () => {
    // A record's page with something the member chose on it, and a tab it keeps in its address.
    function RecordPage() {
      const [params, setParams] = useSearchParams();
      const [chosen, setChosen] = useState('nothing');
      return (
        <div>
          <span>record {params.get('id')}</span>
          <button type="button" onClick={() => setChosen('red')}>
            chosen: {chosen}
          </button>
          <button type="button" onClick={() => setParams({ id: params.get('id') ?? '', tab: 'reviews' }, { replace: true })}>
            reviews
          </button>
          <Link to={`${paths.goods.details}?id=9`}>other record</Link>
        </div>
      );
    }
    // The goods page as the app routes it: goods → goods links open the next one afresh.
    const goodsRoute = appRoutes[0]!.children!.find((r) => r.path === paths.goods.details)!;
    const router = createMemoryRouter([{ ...goodsRoute, lazy: undefined, element: <RecordPage /> }], { initialEntries: [`${paths.goods.details}?id=7`] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByText('chosen: nothing'));
    fireEvent.click(screen.getByText('reviews'));
    expect(router.state.location.search).toBe('?id=7&tab=reviews');
    expect(screen.getByText('chosen: red')).toBeTruthy();
    fireEvent.click(screen.getByText('other record'));
    expect(screen.getByText('record 9')).toBeTruthy();
    expect(screen.getByText('chosen: nothing')).toBeTruthy();
  });
});

