import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { ContentPage } from '../ContentPage';
import { CONTENT } from '../kinds';

// The content editors showed English and Simplified Chinese by default and hid the Thai and
// Hungarian texts an article already had: they could be neither seen nor corrected. Every language
// with text is shown (ticked, fixed) besides the ones the operator chose, and a save keeps it.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const article = {
  id: 13,
  title: { 'en-us': 'Spring sale', th: 'ลดราคาฤดูใบไม้ผลิ', hu: 'Tavaszi akció' },
  summary: {},
  content: { th: '<p>ลดทุกชิ้น</p>' },
  cover: '',
  is_banner: false,
  status: 'published',
  published_at: '2026-11-29T10:00:00.000Z',
  attachments: [],
  like_count: 0,
  comment_count: 0,
  updated_at: '2026-11-30T10:00:00.000Z',
};

describe('editing news that has Thai and Hungarian texts', () => {
  it('shows their fields with the stored texts, ticked, and a save after changing English sends them unchanged', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      const reply = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return reply(article);
      }
      return reply({ list: [article], total: 1, page: 1, limit: 20, has_more: false });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ContentPage config={CONTENT.news} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('edit-news-13'));
    expect(((await screen.findByTestId('title-th')) as HTMLInputElement).value).toBe('ลดราคาฤดูใบไม้ผลิ');
    expect((screen.getByTestId('title-hu') as HTMLInputElement).value).toBe('Tavaszi akció');
    expect((screen.getByTestId('content-th') as HTMLTextAreaElement).value).toBe('<p>ลดทุกชิ้น</p>');
    // The defaults are still there; a language without text and not chosen is not.
    expect(screen.getByTestId('title-zh-cn')).toBeTruthy();
    expect(screen.queryByTestId('title-jp')).toBeNull();
    for (const lang of ['th', 'hu']) {
      const box = document.querySelector(`input[type="checkbox"][value="${lang}"]`) as HTMLInputElement;
      expect([lang, box.checked, box.disabled]).toEqual([lang, true, true]);
    }

    fireEvent.change(screen.getByTestId('title-en-us'), { target: { value: 'Big spring sale' } });
    fireEvent.click(screen.getByTestId('save-news'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      id: 13,
      title: { 'en-us': 'Big spring sale', th: 'ลดราคาฤดูใบไม้ผลิ', hu: 'Tavaszi akció' },
      content: { th: '<p>ลดทุกชิ้น</p>' },
    });
  });
});
