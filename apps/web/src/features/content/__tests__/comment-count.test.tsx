import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { prepareApp, startFakeApi } from '@/test/helpers';
import { Comments } from '../components/comments';

// The news list says "5 comments" (every comment members see, replies too); the article's heading
// said "2 comments" (its top-level ones only). The heading now reads the article's own count.
const comment = (id: number, replies: number) => ({ id, news_id: 7, parent_id: null, user_name: `member ${id}`, content: `comment ${id}`, like_count: 0, reply_count: replies, is_liked: false, is_mine: false, created_at: '2026-11-23T09:00:00.000Z' });

const api = await startFakeApi({
  '/web/comment/list': () => ({ json: { code: 200, msg: 'Success', data: { list: [comment(1, 3), comment(2, 0)], total: 2, page: 1, limit: 10, has_more: false } } }),
  '/web/news/info': () => ({
    json: { code: 200, msg: 'Success', data: { id: 7, title: 'News', summary: '', cover: '', published_at: '2026-11-23T09:00:00.000Z', content: '', like_count: 0, collect_count: 0, comment_count: 5, annex_count: 0, is_liked: false, is_collected: false } },
  }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
});
afterEach(() => cleanup());

describe('the article’s comments heading', () => {
  it('counts every comment members see, replies too: the number the news list shows', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Comments newsId={7} /> }], { initialEntries: ['/'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('comment 1')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '5 comments' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '2 comments' })).toBeNull();
  });
});
