import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import MessagesPage from '../pages/messages-page';

// The member's messages: newest first, unread ones marked, each opening its page; reading them asks the unread count again.

const shipped = { id: 7, kind: 'order.shipped', title: 'Order shipped', text: 'Order O42 is on its way. Follow the parcel on the order page.', link: '/pages/order/orderInfo?id=42', read: false, created_at: '2026-11-24T10:00:00.000Z' };
const notice = { id: 5, kind: 'notice.broadcast', title: 'Holiday hours', text: 'Support answers from 9 to 18.', link: '', read: true, created_at: '2026-11-20T10:00:00.000Z' };
let unread = 1;
const api = await startFakeApi({
  '/user/message/list': () => {
    const answer = ok({ list: [shipped, notice], total: 2, page: 1, limit: 20, has_more: false, unread: 0 });
    unread = 0;
    return answer;
  },
  '/user/message/total': () => ok({ unread }),
  '/shop/order/info': () => ok(null),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  api.requests.length = 0;
  unread = 1;
});
afterEach(() => cleanup());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.my.messages, element: <MessagesPage /> },
      { path: paths.order.details, element: <p>order page</p> },
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

describe('pages/my/messages', () => {
  it('lists the messages with the unread one marked, and a message with a link opens its page', async () => {
    const router = renderAt(paths.my.messages);
    expect(await screen.findByText('Order shipped')).toBeTruthy();
    expect(screen.getByText('Holiday hours')).toBeTruthy();
    expect(screen.getAllByLabelText('Unread')).toHaveLength(1);
    fireEvent.click(screen.getByText('Order O42 is on its way. Follow the parcel on the order page.'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.order.details));
    expect(router.state.location.search).toBe('?id=42');
  });

});
