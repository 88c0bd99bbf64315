import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import NewsComments from '../NewsComments';

// The console's news comments (Content › News comments): a moderator finds an abusive comment among
// every article's comments, newest first, and hides it with a reason; what they asked for is sent
// once, with an idempotency key, and the list is read again. Loading, empty and failed lists say so.

beforeAll(async () => {
  await initI18n();
});

const row = (over: Record<string, unknown>) => ({
  id: 1, news_id: 7, news_title: 'Spring sale', parent_id: null, member_id: 42, member: 'ann42', author_name: 'Ann', content: 'You are all idiots',
  reply_count: 2, like_count: 5, created_at: '2026-11-29T09:00:00.000Z', visible: true, parent_hidden: false, moderation: null, ...over,
});
const page = (list: unknown[]) => ({ code: 200, msg: 'ok', data: { list, total: list.length, page: 1, limit: 20, has_more: false } });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let lists: string[] = [];
let posts: Array<{ url: string; body: unknown; key: string | null }> = [];
let answer: () => Response;
beforeEach(() => {
  lists = [];
  posts = [];
  answer = () => json(page([row({}), row({ id: 2, parent_id: 1, member: 'ben7', member_id: 7, content: 'Please be polite', reply_count: 0, like_count: 0, parent_hidden: false })]));
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push({ url: String(url), body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('idempotency-key') });
      return json({ code: 200, msg: 'ok', data: row({ visible: false, moderation: { by: 'mod #3', at: '2026-11-30T10:00:00.000Z', reason: 'Insults' } }) });
    }
    lists.push(String(url));
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <NewsComments />
      </AntApp>
    </QueryClientProvider>,
  );

describe('moderating news comments', () => {
  it('shows each comment with its article, member, text, replies, likes and state; hiding one asks why and sends it once with a key', async () => {
    renderPage();
    const comment = await screen.findByTestId('comment-1');
    expect(comment.textContent).toContain('You are all idiots');
    const tableRow = comment.closest('tr')!;
    expect(tableRow.textContent).toContain('Spring sale');
    expect(tableRow.textContent).toContain('ann42');
    expect(within(screen.getByTestId('comment-2')).getByText('Reply to #1')).toBeTruthy();
    expect(screen.getByTestId('state-1').textContent).toContain('Shown');

    fireEvent.click(screen.getByTestId('visibility-1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('nor the replies under it');
    // No reason: refused here, nothing sent.
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' })));
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Insults' } });
    const before = lists.length;
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' })));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ url: expect.stringContaining('/admin/api/content/news/comments/visibility'), body: { id: 1, visible: false, reason: 'Insults' }, key: expect.any(String) });
    // The list is read again.
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  }, 60_000);

  it('filters by article and by hidden, newest first from the server', async () => {
    renderPage();
    await screen.findByTestId('comment-1');
    fireEvent.click(within(screen.getByTestId('comments-visibility')).getByText('Hidden'));
    await waitFor(() => expect(lists.at(-1)).toContain('visibility=hidden'));
    const article = screen.getByTestId('comments-article');
    fireEvent.change(article.tagName === 'INPUT' ? article : article.querySelector('input')!, { target: { value: '7' } });
    await waitFor(() => expect(lists.at(-1)).toMatch(/news_id=7/));
  }, 60_000);

  it('says so when there are no comments, and offers to try again when the list fails', async () => {
    answer = () => json(page([]));
    renderPage();
    expect(await screen.findByText('Nothing here')).toBeTruthy();
    cleanup();
    answer = () => json({ code: 500, msg: 'Something went wrong', data: null }, 500);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 60_000);
});
