import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import { Comments } from '../components/comments';
import ContentPage from '../pages/content-page';
import NewsPage from '../pages/news-page';

// Written at 20:06 UTC on 28 November: already the 29th in Bangkok. The API hands out UTC instants.
const AT = '2026-11-28T20:06:00.000Z';
/** The day as the member reads it: in their language's date format, in the device's time zone (as the order pages write dates). */
const day = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(AT));

const news = { id: 1, title: 'Store opening', summary: 'We open', cover: '/uploads/news-1.jpg', published_at: AT, like_count: 12896, comment_count: 1 };
const notice = { id: 2, title: 'Holiday hours', summary: 'Closed on Monday', published_at: AT };
const comment = { id: 1, news_id: 1, parent_id: null, user_name: 'M**', content: 'Nice', like_count: 1500, reply_count: 0, is_liked: false, is_mine: false, created_at: AT };

const api = await startFakeApi({
  '/web/news/banner': () => ok({ list: [] }),
  '/web/news/list': () => ok({ list: [news], total: 1, page: 1, limit: 10, has_more: false }),
  '/web/notice/list': () => ok({ list: [notice], total: 1, page: 1, limit: 10, has_more: false }),
  '/web/news/info': () => ok({ ...news, content: '<p>Hello</p>', collect_count: 0, annex_count: 0, is_liked: false, is_collected: false }),
  '/web/notice/info': () => ok({ ...notice, content: '<p>Closed</p>' }),
  '/web/agreement': () => ok({ type: 'user', title: 'User agreement', content: '<p>Terms</p>', updated_at: AT }),
  '/web/comment/list': () => ok({ list: [comment], total: 1, page: 1, limit: 10, has_more: false }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

/** The UTC calendar day cut from the ISO string, which the pages showed before. */
const RAW = '2026-11-28';

describe('content dates in the member’s zone and language', () => {
  it('news list and notice list', async () => {
    renderRoutes({ [paths.other.news]: <NewsPage /> }, paths.other.news);
    expect(await screen.findByText('Store opening')).toBeTruthy();
    expect(document.querySelector('.news-list')?.textContent).toContain(day('en-US'));
    expect(document.querySelector('.news-list')?.textContent).not.toContain(RAW);
    cleanup();
    renderRoutes({ [paths.other.news]: <NewsPage /> }, `${paths.other.news}?tab=notices`);
    expect(await screen.findByText('Holiday hours')).toBeTruthy();
    expect(screen.getByText(day('en-US'))).toBeTruthy();
    expect(document.querySelector('.notice-list')?.textContent).not.toContain(RAW);
  });

  it('a news article, its comments, a notice and an agreement; in Thai, the Thai date', async () => {
    renderRoutes({ [paths.my.article]: <ContentPage /> }, `${paths.my.article}?type=news&id=1`);
    expect(await screen.findByText('Nice')).toBeTruthy();
    expect(document.querySelector('.article-meta')?.textContent).toBe(day('en-US'));
    expect(document.querySelector('.comment-date')?.textContent).toBe(day('en-US'));
    cleanup();
    renderRoutes({ [paths.my.article]: <ContentPage /> }, `${paths.my.article}?type=notice&id=2`);
    expect(await screen.findByText('Holiday hours')).toBeTruthy();
    expect(document.querySelector('.article-meta')?.textContent).toBe(day('en-US'));
    cleanup();
    renderRoutes({ [paths.my.article]: <ContentPage /> }, `${paths.my.article}?type=agreement&kind=user`);
    expect(await screen.findByText('Terms')).toBeTruthy();
    expect(document.querySelector('.article-meta')?.textContent).toContain(day('en-US'));
    expect(document.querySelector('.article-meta')?.textContent).not.toContain(RAW);
    cleanup();
    // A Thai member reads the day in Thai, Buddhist era ("29 พ.ย. 2569" in Bangkok).
    await act(() => i18n.changeLanguage('th'));
    renderRoutes({ [paths.my.article]: <Comments newsId={1} /> }, paths.my.article);
    expect(await screen.findByText('Nice')).toBeTruthy();
    expect(document.querySelector('.comment-date')?.textContent).toBe(day('th-TH'));
    expect(day('th-TH')).toMatch(/พ\.ย\. 2569/);
  });

  it('like counts written as the member’s language writes numbers', async () => {
    renderRoutes({ [paths.my.article]: <ContentPage /> }, `${paths.my.article}?type=news&id=1`);
    expect(await screen.findByText('Nice')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Like 12,896/ })).toBeTruthy();
    expect(document.querySelector('.comment-actions button')?.textContent).toBe(' 1,500');
  });
});
