import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCellDate } from '../../../lib/format';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { ContentPage } from '../ContentPage';
import { CONTENT } from '../kinds';

// An article published for a later moment is not live yet: the News list says "Scheduled" with its
// date, so an operator does not take it for one members already read.

beforeAll(async () => {
  await initI18n();
});

const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
const earlier = new Date(Date.now() - 86_400_000).toISOString();
const article = (id: number, title: string, status: 'draft' | 'published', published_at: string) => ({ id, title: { 'en-us': title }, summary: {}, content: {}, cover: '', is_banner: false, status, published_at, attachments: [], like_count: 0, comment_count: 0 });
const news = [article(3, 'Winter sale next week', 'published', later), article(2, 'New arrivals', 'published', earlier), article(1, 'Unfinished', 'draft', later)];

beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0]!;
    const data = path === '/admin/api/content/news' ? { list: news, total: news.length, page: 1, limit: 20, has_more: false } : path === '/admin/api/auth/me' ? { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'settings.write'], totp_bound: true } : undefined;
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;
const list = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <ContentPage config={CONTENT.news} />
      </AntApp>
    </QueryClientProvider>,
  );

describe('the console’s news list', () => {
  it('marks an article published for a later moment "Scheduled" with its date, a live one "Published", a draft "Draft"', async () => {
    await changeLanguage('en-us');
    list();
    const scheduled = await rowOf('Winter sale next week');
    expect(within(scheduled).getByText(`Scheduled ${formatCellDate(later)}`)).toBeTruthy();
    expect(within(scheduled).queryByText('Published')).toBeNull();
    expect(within(await rowOf('New arrivals')).getByText('Published')).toBeTruthy();
    expect(within(await rowOf('Unfinished')).getByText('Draft')).toBeTruthy();
  });

  it('says so in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    try {
      list();
      expect(within(await rowOf('Winter sale next week')).getByText(`定时发布 ${formatCellDate(later)}`)).toBeTruthy();
    } finally {
      await changeLanguage('en-us');
    }
  });
});
