import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { addStyles } from '@/test/styles';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';

// Settings on a 320-px phone in Khmer: the rows' labels were squeezed by the values beside them
// ("ប្រវត្តិរូប" broken with its last letter alone, "Google Authenticator" and the phone's label
// wrapped even with a short nickname). The label keeps its natural width; the value gives way.

const nickname = 'ស្រីពៅ ចាន់ដារ៉ា សុខសាន្ត ម៉ៅ';
const user = memberFixture({ user_name: 'member01', nickname, email: 'sreypov.chandara@example.com' });
const api = await startFakeApi({
  '/user/info/index': () => ok({ ...user, google_bound: false, real_name_status: 'none', mobile_pre: '855', mobile: '12345678' }),
  '/user/message/total': () => ok({ unread: 0 }),
});

let removeStyles: () => void = () => undefined;
beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  removeStyles = addStyles('node_modules/antd-mobile/es/components/list/list.css', 'apps/web/src/components/tap-row.css', 'apps/web/src/features/account/account.css');
});
afterEach(async () => {
  removeStyles();
  cleanup();
  await clearToasts();
  await act(() => i18n.changeLanguage('en-us'));
});
afterAll(() => api.close());

describe('the settings rows on a narrow phone, in Khmer', () => {
  it('each label keeps its natural width and the value beside it ends in "…" rather than squeezing it', async () => {
    await act(() => i18n.changeLanguage('km'));
    useSession.getState().signIn('tok-1', user);
    const router = createMemoryRouter(routes, { initialEntries: [paths.other.settings] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const profile = await screen.findByRole('button', { name: new RegExp(`^ប្រវត្តិរូប`) });
    expect(await screen.findByText(nickname)).toBeTruthy();
    for (const label of ['ប្រវត្តិរូប', 'លេខទូរស័ព្ទ', 'Google Authenticator']) {
      const row = screen.getAllByRole('button').find((b) => b.querySelector('.adm-list-item-content-main')?.textContent === label)!;
      expect(row, label).toBeTruthy();
      const main = getComputedStyle(row.querySelector('.adm-list-item-content-main')!);
      // Its natural width: it neither grows nor gives way to the value.
      expect([main.flexGrow, main.flexShrink, main.flexBasis], label).toEqual(['0', '0', 'auto']);
      const value = getComputedStyle(row.querySelector('.adm-list-item-content-extra')!);
      expect([value.flexGrow, value.flexShrink, value.minWidth, value.whiteSpace, value.overflow, value.textOverflow], label).toEqual(['1', '1', '0px', 'nowrap', 'hidden', 'ellipsis']);
    }
    // The whole value is still there to read (a screen reader reads it whole).
    expect(profile.querySelector('.adm-list-item-content-extra')!.textContent).toBe(nickname);
  });

  it('ends every row at the same right edge: a value takes all the room left (no cap), a row without one has its arrow pushed to the end', async () => {
    useSession.getState().signIn('tok-1', user);
    const router = createMemoryRouter(routes, { initialEntries: [paths.other.settings] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByText(nickname);
    const rows = Array.from(document.querySelectorAll('.account-settings-list .tap-row'));
    const label = (row: Element) => row.querySelector('.adm-list-item-content-main')!.textContent;
    const valued = rows.filter((row) => row.querySelector('.adm-list-item-content-extra'));
    expect(valued).toHaveLength(6);
    for (const row of valued) {
      // The list caps a value at 70 % of the row: beside a short label ("Email") it then ended short of the arrow.
      expect(getComputedStyle(row.querySelector('.adm-list-item-content-extra')!).maxWidth, label(row)).toBe('none');
    }
    const bare = rows.filter((row) => !row.querySelector('.adm-list-item-content-extra'));
    // Changing the password and closing the account.
    expect(bare).toHaveLength(2);
    for (const row of bare) {
      // The label keeps its natural width: without a value, nothing else pushed the arrow to the row's end.
      expect(getComputedStyle(row.querySelector('.adm-list-item-content-arrow')!).marginLeft, label(row)).toBe('auto');
    }
  });
});
