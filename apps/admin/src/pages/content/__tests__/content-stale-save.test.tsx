import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { ContentPage } from '../ContentPage';
import { CONTENT } from '../kinds';

// Two operators on the same article: a save from the copy opened before the other's change is
// refused with the server's message and an offer to reload; reloaded, the form shows the article as
// it is now and its save names that version.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const article = (title: string, updated_at: string) => ({ id: 7, title: { 'en-us': title }, summary: {}, content: {}, cover: '', is_banner: false, status: 'published', published_at: '2026-11-29T10:00:00.000Z', attachments: [], like_count: 0, comment_count: 0, updated_at });
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

describe('saving news from a copy changed since it was opened', () => {
  it('shows the refusal, reloads the article as it is now, and saves naming the new version', async () => {
    let row = article('Spring', '2026-11-30T10:00:00.000Z');
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1) {
          // Another operator renamed it meanwhile.
          row = article('Spring sale', '2026-11-30T10:05:00.000Z');
          return reply({ code: ResponseCode.editedSinceOpened, msg: stale });
        }
        return reply({ code: 200, msg: 'ok', data: row });
      }
      return reply({ code: 200, msg: 'ok', data: { list: [row], total: 1, page: 1, limit: 20, has_more: false } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ContentPage config={CONTENT.news} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('edit-news-7'));
    fireEvent.click(await screen.findByTestId('save-news'));
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]).toMatchObject({ id: 7, base_updated_at: '2026-11-30T10:00:00.000Z', title: { 'en-us': 'Spring' } });

    fireEvent.click(screen.getByTestId('reload-news'));
    await waitFor(() => expect(screen.getByDisplayValue('Spring sale')).toBeTruthy());
    expect(screen.queryByText(stale)).toBeNull();
    fireEvent.click(screen.getByTestId('save-news'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ id: 7, base_updated_at: '2026-11-30T10:05:00.000Z', title: { 'en-us': 'Spring sale' } });
  });
});
