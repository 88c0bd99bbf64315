import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import MessagesPage from '@/features/support/pages/messages-page';
import MyPage from '../pages/my-page';

// The unread count on the personal page follows what happens elsewhere: messages read in another tab
// (its own page, its own answers) and a tab that comes back to the screen ask it again at once, not
// when the count's minute of freshness runs out.

const shipped = { id: 7, kind: 'order.shipped', title: 'Order shipped', text: 'Order O42 is on its way.', link: '', read: false, created_at: '2026-11-24T10:00:00.000Z' };
let unread = 2;
const api = await startFakeApi({
  '/user/message/total': () => ok({ unread }),
  '/user/message/list': () => {
    const answer = ok({ list: [shipped], total: 1, page: 1, limit: 20, has_more: false, unread: 0 });
    unread = 0;
    return answer;
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  unread = 2;
});
afterEach(() => cleanup());

const badge = () => document.querySelector('.my-unread')?.textContent ?? null;

describe('the unread count across tabs', () => {
  it('messages read in another tab clear this tab\'s count at once', async () => {
    // This tab shows the personal page with 2 unread.
    renderRoutes({ [paths.tabbar.my]: <MyPage /> }, paths.tabbar.my);
    await waitFor(() => expect(badge()).toBe('2'));
    // Another tab (its own answers) opens the messages, which reads them.
    renderRoutes({ [paths.my.messages]: <MessagesPage /> }, paths.my.messages);
    expect(await screen.findByText('Order shipped')).toBeTruthy();
    await waitFor(() => expect(badge()).toBeNull(), { timeout: 2_000 });
  });

  it('a tab that comes back to the screen asks the count again', async () => {
    renderRoutes({ [paths.tabbar.my]: <MyPage /> }, paths.tabbar.my);
    await waitFor(() => expect(badge()).toBe('2'));
    // Read on another device meanwhile; this tab was in the background.
    unread = 1;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(badge()).toBe('1'), { timeout: 2_000 });
  });
});
