import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { ContentPage } from '../ContentPage';
import { CONTENT } from '../kinds';

// A new article saved empty: the refusal was drawn under the title, 344 px above the drawer's view,
// and nothing the operator could see changed. The refused field now comes into view with the caret
// in it (every console form does this: lib/form.tsx).

beforeAll(async () => {
  await initI18n();
});

/** What the browser was asked to scroll into view (jsdom lays nothing out and has no scrollIntoView). */
let scrolledTo: Element[] = [];
const sent: unknown[] = [];
beforeEach(() => {
  scrolledTo = [];
  sent.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this);
  };
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20, has_more: false } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('saving an empty article', () => {
  it('brings the refused title into view and puts the caret in it; nothing is sent', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ContentPage config={CONTENT.news} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('new-news'));
    const title = await screen.findByTestId('title-en-us');
    // The operator is at the bottom of the drawer, on the save button.
    const save = screen.getByTestId('save-news');
    save.focus();
    await act(async () => void fireEvent.click(save));
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(title));
    // The whole field, its label and its refusal, scrolled to: the first thing asked to scroll holds the title and its refusal.
    expect(scrolledTo[0]?.contains(title)).toBe(true);
    const help = document.getElementById(title.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(scrolledTo[0]?.contains(help)).toBe(true);
    expect(sent).toEqual([]);
    // The whole news drawer renders in jsdom: over 10 s on a busy machine.
  }, 60_000);
});
