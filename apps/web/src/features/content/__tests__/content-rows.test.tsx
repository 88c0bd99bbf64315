import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import CompanyPage from '../pages/company-page';
import ContentPage from '../pages/content-page';
import ContactPage from '../pages/contact-page';
import NewsPage from '../pages/news-page';
import RealTimePage from '@/features/catalogue/pages/real-time-page';

/*
 * The rows a tap opens on the information pages are links a keyboard reaches (Tab) and opens (Enter),
 * each named by its words, not antd-mobile's clickable rows (anchors without an address).
 */

const AT = '2026-11-28T10:00:00.000Z';
let banners: Array<{ id: number; title: string; image: string; link: string }> = [];
const api = await startFakeApi({
  '/web/news/banner': () => ok({ list: banners }),
  '/web/news/list': () => ok({ list: [{ id: 1, title: 'Store opening', summary: 'We open', cover: '', published_at: AT, like_count: 2, comment_count: 1 }], total: 1, page: 1, limit: 10, has_more: false }),
  '/web/notice/list': () => ok({ list: [{ id: 2, title: 'Holiday hours', summary: 'Closed on Monday', published_at: AT }], total: 1, page: 1, limit: 10, has_more: false }),
  '/web/news/info': () => ok({ id: 1, title: 'Store opening', summary: 'We open', cover: '', published_at: AT, like_count: 2, comment_count: 0, content: '<p>Hello</p>', collect_count: 0, annex_count: 1, is_liked: false, is_collected: false }),
  '/web/news/annex': () => ok({ list: [{ id: 4, name: 'Price list.pdf', url: '/uploads/price-list.pdf', size: 20480, mime: 'application/pdf' }] }),
  '/web/comment/list': () => ok({ list: [], total: 0, page: 1, limit: 10, has_more: false }),
  '/attractive/page/areaList': () => ok({ base_currency: 'USD', list: [{ id: 1, code: 'MY', name: 'Malaysia', currency: 'MYR', rate: '4.5', source: 'ecb', date: '2026-11-27', flag: '' }] }),
  '/shop/goods/list': () => ok({ list: [{ id: 3, cate_id: 1, name: 'Teapot', cover: '', price: 2000, market_price: 2500, currency: 'USD', sales: 9, stock: 5 }], total: 1, page: 1, limit: 20, has_more: false }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  banners = [];
});
afterEach(() => cleanup());

/** Whether Tab stops at the element. */
const tabStop = (el: HTMLElement) => {
  el.focus();
  return document.activeElement === el;
};

/** What the row opens: a page that says where it is. */
const landing = (name: string) => <p>{name}</p>;

describe('rows that open a page', () => {
  it('company: each agreement and the contact page are links Tab reaches; Enter opens one', async () => {
    const router = renderRoutes({ [paths.activity.company]: <CompanyPage />, [paths.my.article]: landing('Article'), [paths.activity.contactUs]: landing('Contact') }, paths.activity.company);
    const privacy = await screen.findByRole('link', { name: 'Privacy policy' });
    expect(tabStop(privacy)).toBe(true);
    expect(tabStop(screen.getByRole('link', { name: 'Contact us' }))).toBe(true);
    // The promises are words to read, not controls.
    expect(screen.getAllByRole('link')).toHaveLength(4);
    fireEvent.click(privacy);
    await waitFor(() => expect(router.state.location.search).toBe('?type=agreement&kind=privacy'));
    expect(screen.getByText('Article')).toBeTruthy();
  });

  it('contact: the chat and the feedback are links Tab reaches', async () => {
    const router = renderRoutes({ [paths.activity.contactUs]: <ContactPage />, [paths.other.customerChat]: landing('Chat'), [paths.my.feedback]: landing('Feedback') }, paths.activity.contactUs);
    const feedback = screen.getByRole('link', { name: 'Feedback' });
    expect(tabStop(feedback)).toBe(true);
    expect(tabStop(screen.getByRole('link', { name: 'Chat with us' }))).toBe(true);
    fireEvent.click(feedback);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.my.feedback));
  });

  it('news and notices: each item is a link named by its title, its date and summary read with it', async () => {
    renderRoutes({ [paths.other.news]: <NewsPage />, [paths.my.article]: landing('Article') }, paths.other.news);
    const story = await screen.findByRole('link', { name: /^Store opening/ });
    expect(tabStop(story)).toBe(true);
    cleanup();
    const notices = renderRoutes({ [paths.other.news]: <NewsPage />, [paths.my.article]: landing('Article') }, `${paths.other.news}?tab=notices`);
    const notice = await screen.findByRole('link', { name: /^Holiday hours/ });
    expect(within(notice).getByText('Closed on Monday')).toBeTruthy();
    expect(tabStop(notice)).toBe(true);
    fireEvent.click(notice);
    await waitFor(() => expect(notices.state.location.search).toBe('?type=notice&id=2'));
    expect(screen.getByText('Article')).toBeTruthy();
  });

  it('news banners: each is a link named by its title, which Tab reaches and a tap opens', async () => {
    banners = [{ id: 7, title: 'Summer sale', image: '/uploads/banner-7.jpg', link: '' }];
    const router = renderRoutes({ [paths.other.news]: <NewsPage />, [paths.my.article]: landing('Article') }, paths.other.news);
    const banner = await screen.findByRole('link', { name: 'Summer sale' });
    expect(tabStop(banner)).toBe(true);
    fireEvent.click(banner);
    await waitFor(() => expect(router.state.location.search).toBe('?type=news&id=7'));
    expect(screen.getByText('Article')).toBeTruthy();
  });

  it('a news article: each attachment is a button Tab reaches, named by its file, which Enter opens', async () => {
    const opened: string[] = [];
    const open = window.open;
    window.open = ((url: string) => (opened.push(url), null)) as typeof window.open;
    try {
      renderRoutes({ [paths.my.article]: <ContentPage /> }, `${paths.my.article}?type=news&id=1`);
      const file = await screen.findByRole('button', { name: /^Price list\.pdf/ });
      expect(tabStop(file)).toBe(true);
      fireEvent.keyDown(file, { key: 'Enter' });
      expect(opened).toHaveLength(1);
      expect(opened[0]).toContain('/uploads/price-list.pdf');
    } finally {
      window.open = open;
    }
  });

  it('real-time prices: each goods is a link to its page', async () => {
    const router = renderRoutes({ [paths.activity.realTimePrices]: <RealTimePage />, [paths.goods.details]: landing('Goods') }, paths.activity.realTimePrices);
    const teapot = await screen.findByRole('link', { name: /^Teapot/ });
    expect(tabStop(teapot)).toBe(true);
    fireEvent.click(teapot);
    await waitFor(() => expect(router.state.location.search).toBe('?id=3'));
  });
});
