import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { prepareApp, startFakeApi } from '@/test/helpers';
import { Comments } from '../components/comments';

// What members typed, as the API hands it back: plain text, which may look like markup.
const NICKNAME = '<img src=x onerror="window.hacked=1">';
const TEXTS = ['&lt;img src=x onerror=alert(1)&gt;', '<script>window.hacked=2</script>', '<b>bold?</b> 5 < 6'];
const comment = (id: number, content: string) => ({ id, news_id: 1, parent_id: null, user_name: NICKNAME, content, like_count: 0, reply_count: 0, is_liked: false, is_mine: false, created_at: '2026-11-23T09:00:00.000Z' });

const api = await startFakeApi({
  '/web/comment/list': () => ({ json: { code: 200, msg: 'Success', data: { list: TEXTS.map((t, i) => comment(i + 1, t)), total: TEXTS.length, page: 1, limit: 10, has_more: false } } }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
});
afterEach(() => cleanup());

describe('text members write, shown to other members', () => {
  it('shows comments and nicknames as the text typed, never as markup', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Comments newsId={1} /> }], { initialEntries: ['/'] });
    const { container } = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    for (const text of TEXTS) expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getAllByText(NICKNAME)).toHaveLength(TEXTS.length);
    // Nothing of it became an element, and nothing ran.
    expect(container.querySelector('.comments img, .comments script, .comments b')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('keeps raw HTML rendering to the operator rich-text fields the API sanitizes', () => {
    // dangerouslySetInnerHTML only where the API passes the field through sanitizeRich (news,
    // notices, agreements, FAQ answers, popups, goods descriptions); member text never goes there.
    const src = path.resolve(import.meta.dirname, '../../..');
    const uses: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !full.includes('__tests__')) {
          for (const m of fs.readFileSync(full, 'utf8').matchAll(/dangerouslySetInnerHTML=\{\{ __html: ([^}]+) \}\}/g)) uses.push(`${path.relative(src, full)}: ${m[1]}`);
        }
      }
    };
    walk(src);
    expect(uses.sort()).toEqual([
      'features/account/components/agreement-sheet.tsx: withMediaHost(agreement.data.content)',
      'features/catalogue/components/popup-host.tsx: withMediaHost(popup.content)',
      'features/catalogue/pages/goods-info-page.tsx: withMediaHost(g.description)',
      'features/content/pages/content-page.tsx: withMediaHost(a.data.content)',
      'features/content/pages/content-page.tsx: withMediaHost(n.content)',
      'features/content/pages/content-page.tsx: withMediaHost(notice.data.content)',
      'features/content/pages/support-page.tsx: f.answer',
    ]);
  });
});
