import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import Categories from '../Categories';

// Two operators on the same category: a save from the copy opened before the other's change is
// refused with the server's message and an offer to reload; reloaded, the form shows the category
// as it is now and its save names that version.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const category = (name: string, updated_at: string) => ({ id: 3, parent_id: null, type_id: 1, name: { 'en-us': name }, icon: '', sort: 0, is_visible: true, goods_count: 2, updated_at });
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

async function save() {
  fireEvent.click(screen.getByTestId('save-category'));
  const confirms = await screen.findAllByRole('button', { name: 'Confirm' });
  fireEvent.click(confirms[confirms.length - 1]!);
}

describe('saving a category from a copy changed since it was opened', () => {
  it('shows the refusal, reloads the category as it is now, and saves naming the new version', async () => {
    let row = category('Kitchen', '2026-11-30T10:00:00.000Z');
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1) {
          // Another operator renamed it meanwhile.
          row = category('Kitchen & dining', '2026-11-30T10:05:00.000Z');
          return reply({ code: ResponseCode.editedSinceOpened, msg: stale });
        }
        row = { ...row, ...(sent.at(-1) as object), updated_at: '2026-11-30T10:07:00.000Z' };
        return reply({ code: 200, msg: 'ok', data: row });
      }
      return reply({ code: 200, msg: 'ok', data: { list: [row] } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <Categories />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('category-3'));
    fireEvent.click(await screen.findByRole('switch'));
    await save();
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]).toMatchObject({ id: 3, base_updated_at: '2026-11-30T10:00:00.000Z', name: { 'en-us': 'Kitchen' }, is_visible: false });

    fireEvent.click(screen.getByTestId('reload-category'));
    await waitFor(() => expect(screen.getByDisplayValue('Kitchen & dining')).toBeTruthy());
    expect(screen.queryByText(stale)).toBeNull();
    // The form is the category as it is now: shown, as the other operator left it.
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch'));
    await save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ id: 3, base_updated_at: '2026-11-30T10:05:00.000Z', name: { 'en-us': 'Kitchen & dining' }, is_visible: false });
    expect(await screen.findByText('Category saved')).toBeTruthy();
  });
});
