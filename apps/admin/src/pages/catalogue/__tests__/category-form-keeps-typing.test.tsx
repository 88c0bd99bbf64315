import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import Categories from '../Categories';

// An operator typing in the category form while the console reads the categories again in the
// background (the window regains focus, another change is saved): what was typed stays, and the save
// still names the version the form was opened at.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const category = (id: number, name: string, updated_at: string) => ({ id, parent_id: null, type_id: 1, name: { 'en-us': name }, icon: '', sort: id, is_visible: true, goods_count: 2, updated_at });

describe('the category form while the list is read again in the background', () => {
  it('keeps what the operator typed; opening another category fills the form from that one', async () => {
    let kitchen = category(3, 'Kitchen', '2026-11-30T10:00:00.000Z');
    const garden = category(4, 'Garden', '2026-11-30T09:00:00.000Z');
    let reads = 0;
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return reply({ code: 200, msg: 'ok', data: { ...kitchen, ...sent.at(-1), updated_at: '2026-11-30T10:09:00.000Z' } });
      }
      reads++;
      return reply({ code: 200, msg: 'ok', data: { list: [kitchen, garden] } });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <Categories />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('category-3'));
    fireEvent.change(await screen.findByDisplayValue('Kitchen'), { target: { value: 'Kitchen & dining' } });

    // Read again with another operator's change (an icon) and goods filed under it meanwhile: the tree shows the new count, the form keeps the typing.
    kitchen = { ...kitchen, icon: '/media/demo/cate-1.png', goods_count: 5, updated_at: '2026-11-30T10:05:00.000Z' };
    const before = reads;
    await act(() => client.refetchQueries());
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    expect(await screen.findByText('5 goods')).toBeTruthy();
    // The form is filled in an effect after the list renders: give it the chance to (wrongly) refill.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByDisplayValue('Kitchen & dining')).toBeTruthy();
    expect(screen.queryByDisplayValue('/media/demo/cate-1.png')).toBeNull();

    // The save is the operator's typing from the copy opened (the server decides whether it is stale).
    fireEvent.click(screen.getByTestId('save-category'));
    fireEvent.click((await screen.findByText('Confirm')).closest('button')!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 3, base_updated_at: '2026-11-30T10:00:00.000Z', name: { 'en-us': 'Kitchen & dining' }, icon: '' });

    // Another category opened: its own values.
    fireEvent.click(screen.getByTestId('category-4'));
    expect(await screen.findByDisplayValue('Garden')).toBeTruthy();
  });
});
