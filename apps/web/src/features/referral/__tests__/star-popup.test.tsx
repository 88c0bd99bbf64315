import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { AppLayout } from '@/app/layouts/app-layout';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRouter, startFakeApi, untilGone } from '@/test/helpers';

// The server answers `popup` once per new star (it marks the star seen as it answers).
let unseen = true;
const api = await startFakeApi({
  '/user/info/UserStarProgress': () => {
    const popup = unseen;
    unseen = false;
    return ok({ star: 2, next_star: 3, conditions: [], achieved_at: '2026-11-24T10:00:00.000Z', popup, history: [] });
  },
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  unseen = true;
});
afterEach(async () => {
  cleanup();
  // The popup is opened imperatively, outside the rendered tree: none is carried into the next test.
  await clearToasts();
});

/** The app's frame around two ordinary pages (neither is the star page). */
const renderAt = (path: string) =>
  renderRouter([{ path: '/', element: <AppLayout />, children: [{ path: paths.order.list, element: <p>orders</p> }, { path: paths.address.list, element: <p>addresses</p> }] }], path);
const starCalls = () => api.requests.filter((r) => r.url.startsWith('/user/info/UserStarProgress')).length;

describe('the star popup', () => {
  it('shows once on whatever page the member is when a new star is reached, and not again on the next page', async () => {
    useSession.getState().signIn('member-token', null);
    const router = renderAt(paths.order.list);
    expect(await screen.findByText('orders')).toBeTruthy();
    // Once the page is usable (the member's first touch), the star is asked about.
    fireEvent.pointerDown(window);
    expect((await screen.findByTestId('star-popup', {}, { timeout: 3000 })).textContent).toBe('Congratulations! You are now a 2-star member');
    fireEvent.click(screen.getByText('OK'));
    await untilGone(() => screen.queryByTestId('star-popup'));
    // Another page: the star was seen, no second popup.
    await act(() => router.navigate(paths.address.list));
    expect(await screen.findByText('addresses')).toBeTruthy();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(screen.queryByTestId('star-popup')).toBeNull();
    expect(starCalls()).toBe(1);
  });

  it('is not asked for when nobody is signed in', async () => {
    useSession.getState().clear();
    const before = starCalls();
    renderAt(paths.order.list);
    expect(await screen.findByText('orders')).toBeTruthy();
    fireEvent.pointerDown(window);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1000));
    });
    expect(screen.queryByTestId('star-popup')).toBeNull();
    expect(starCalls()).toBe(before);
  });
});
