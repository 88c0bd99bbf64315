import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import Categories from '../Categories';

// The category form showed English and Simplified Chinese by default and hid the Thai and Hungarian
// names a category already had: every language with text is shown (ticked, fixed) besides the ones
// the operator chose, and a save keeps it.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const category = { id: 3, parent_id: null, type_id: 1, name: { 'en-us': 'Kitchen', th: 'ครัว', hu: 'Konyha' }, icon: '', sort: 0, is_visible: true, goods_count: 2, updated_at: '2026-11-30T10:00:00.000Z' };

describe('editing a category named in Thai and Hungarian', () => {
  it('shows those names, ticked, and a save after changing English sends them unchanged', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      const reply = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return reply({ ...category, ...(sent.at(-1) as object), updated_at: '2026-11-30T10:07:00.000Z' });
      }
      return reply({ list: [category] });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <Categories />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('category-3'));
    await waitFor(() => expect((screen.getByTestId('name-en-us') as HTMLInputElement).value).toBe('Kitchen'));
    expect((screen.getByTestId('name-th') as HTMLInputElement).value).toBe('ครัว');
    expect((screen.getByTestId('name-hu') as HTMLInputElement).value).toBe('Konyha');
    expect(screen.queryByTestId('name-jp')).toBeNull();
    const thai = document.querySelector('input[type="checkbox"][value="th"]') as HTMLInputElement;
    expect([thai.checked, thai.disabled]).toEqual([true, true]);

    fireEvent.change(screen.getByTestId('name-en-us'), { target: { value: 'Kitchen & dining' } });
    fireEvent.click(screen.getByTestId('save-category'));
    const confirms = await screen.findAllByRole('button', { name: 'Confirm' });
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 3, name: { 'en-us': 'Kitchen & dining', th: 'ครัว', hu: 'Konyha' } });
  });
});
