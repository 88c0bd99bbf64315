import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadBundledPacks } from '@shop/contract/packs';
import { paths } from '@/config/paths';
import PointsPage from '@/features/wallet/pages/points-page';
import { registerAntdRender } from '@/lib/antd-render';
import { i18n } from '@/lib/i18n';
import { loadLanguage, loadRestOfPack } from '@/lib/language-packs';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { memberFixture, ok, startFakeApi } from '@/test/helpers';

// A first visit whose language pack cannot be had: the app's texts are only what this file loads (no
// `prepareApp`, which adds every pack), as on a phone with an empty profile.

let down = true;
/** Whether only the rest of a pack fails (its first part answers). */
let restDown = false;
const khmer: Record<string, string> = {
  'app.tab.home': 'ទំព័រដើម',
  'wallet.page.points': 'ពិន្ទុ',
};
const api = await startFakeApi({
  '/user/getLangBag': (r) => {
    const part = new URL(r.url, 'http://x').searchParams.get('part');
    if (down || (restDown && part === 'rest')) return { status: 503, json: { code: 503, msg: 'busy', data: null } };
    const pack = part ? Object.fromEntries(Object.entries(khmer).filter(([key]) => key.startsWith('app.') === (part === 'first'))) : khmer;
    return ok({ lang: 'km', version: 'k1', pack });
  },
  '/user/wallet/pointsInfo': () => ok({ points: 320, shopping_points: 45, rules: [] }),
  '/user/wallet/pointsLog': () => ok({ list: [], total: 0, page: 1, limit: 10, has_more: false }),
});

beforeAll(() => registerAntdRender());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  down = true;
  restDown = false;
  useLanguage.getState().setLang('km');
  useSession.getState().signIn('member-token', memberFixture());
});
afterEach(() => cleanup());

function renderPointsPage() {
  const router = createMemoryRouter([{ path: paths.wallet.points, element: <PointsPage /> }], { initialEntries: [paths.wallet.points] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Texts on screen that are key names (`wallet.page.points`) rather than words. */
const keysOnScreen = () => (document.body.textContent ?? '').match(/\b(?:app|wallet|orders|catalogue|account)\.[A-Za-z]+(?:\.[A-Za-z]+)*/g) ?? [];

describe('language pack that cannot be had on a first visit', () => {
  it('falls back to English texts for every key of the pack the server serves the app', async () => {
    const { englishTexts } = await import('@/lib/english-texts');
    expect(englishTexts).toEqual(loadBundledPacks()['en-us']);
  });

  it('when only the rest of a pack loaded in part fails, a page outside the first part shows English, not keys, until the rest arrives', async () => {
    down = false;
    restDown = true;
    await loadLanguage('km', { firstPart: true });
    await loadRestOfPack();
    renderPointsPage();
    expect(screen.getAllByText('Points').length).toBeGreaterThan(0);
    expect(keysOnScreen()).toEqual([]);
    restDown = false;
    await act(async () => {
      await loadRestOfPack();
    });
    await waitFor(() => expect(screen.getByText('ពិន្ទុ')).toBeTruthy());
  });

  it('shows the app’s English texts, never key names, on a page outside the app namespace', async () => {
    await loadLanguage('km');
    renderPointsPage();
    await screen.findByText('No movements yet');
    expect(screen.getAllByText('Points').length).toBeGreaterThan(0);
    expect(screen.getByText('Shopping points')).toBeTruthy();
    expect(keysOnScreen()).toEqual([]);
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('takes the member’s own language once the network is back, in place of the English', async () => {
    await loadLanguage('km');
    renderPointsPage();
    expect(screen.getAllByText('Points').length).toBeGreaterThan(0);
    down = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByText('ពិន្ទុ')).toBeTruthy());
    expect(i18n.language).toBe('km');
    expect(document.documentElement.lang).toBe('km-KH');
    expect(JSON.parse(localStorage.getItem('shop.langPack.km')!).version).toBe('k1');
  });
});
