import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { windowWidth } from '../../test/window-width';
import AfterSales from '../../pages/after-sales/AfterSales';
import { caseRow } from '../../test/fixtures';

// On a 375 px phone a review drawer's buttons (Approve, Reject, Close case) were drawn over its title
// ("After-sales case AS26…"), which could not be read. Below 992 px the buttons are the drawer's
// footer, where they wrap; the title has the header to itself. Every review queue shares the drawer.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});

const row = caseRow();

beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0]!;
    const data =
      path === '/admin/api/auth/me'
        ? { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'aftersales.decide', 'refunds.decide'], totp_bound: true }
        : path === '/admin/api/after-sales/list'
          ? { list: [row], total: 1, page: 1, limit: 20, has_more: false }
          : undefined;
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

async function openCase() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <AfterSales />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  await act(async () => void fireEvent.click(await screen.findByTestId('open-41', {}, { timeout: 10_000 })));
  const drawer = await screen.findByRole('dialog');
  await screen.findAllByTestId(/^action-/);
  return drawer;
}

describe('a review drawer', () => {
  it('on a phone, leaves its header to the title: the decisions are its footer, wrapping', async () => {
    windowWidth(375);
    const drawer = await openCase();
    expect(drawer.querySelector('.ant-drawer-title')?.textContent).toBe('After-sales case AS26113000000041');
    expect(drawer.querySelector('.ant-drawer-extra')).toBeNull();
    const footer = drawer.querySelector('.ant-drawer-footer') as HTMLElement;
    const buttons = screen.getAllByTestId(/^action-/);
    expect(buttons.length).toBeGreaterThan(1);
    for (const b of buttons) expect(footer.contains(b)).toBe(true);
    expect(getComputedStyle(buttons[0]!.parentElement!.closest('.ant-space') as HTMLElement).flexWrap).toBe('wrap');
  }, 60_000);

  it('in a wide window, keeps the decisions beside the title', async () => {
    windowWidth(1280);
    const drawer = await openCase();
    const extra = drawer.querySelector('.ant-drawer-extra') as HTMLElement;
    for (const b of screen.getAllByTestId(/^action-/)) expect(extra.contains(b)).toBe(true);
    expect(drawer.querySelector('.ant-drawer-footer')).toBeNull();
  }, 60_000);
});
