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
// wrapped even with a short nickname). The label keeps its natural width; the value gives way, onto
// a second line rather than behind "…": at 375 px Malay read "Belum ditetap…" for the pay password
// and Hungarian "Nincs …" for the identity check.

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

/** Nothing of the value is cut off: it wraps between words (inside a long one when a line cannot hold it), with no "…" and no line limit. */
function expectReadable(value: Element, label: string) {
  const style = getComputedStyle(value);
  expect(style.whiteSpace, label).not.toMatch(/nowrap|^pre$/);
  expect(style.textOverflow, label).not.toBe('ellipsis');
  expect(style.overflow, label).not.toMatch(/hidden|clip/);
  expect(style.getPropertyValue('-webkit-line-clamp') || 'none', label).toBe('none');
  expect(style.overflowWrap, label).toMatch(/anywhere|break-word/);
}

const renderSettings = () => {
  const router = createMemoryRouter(routes, { initialEntries: [paths.other.settings] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe('the settings rows\' values are read whole in every language', () => {
  // Each language's texts for these rows (the longest first): none is cut short.
  it.each(['may', 'hu', 'km', 'id', 'th', 'en-us', 'jp', 'zh-cn', 'zh-tw'])('in %s the pay password and identity check states wrap instead of ending in "…"', async (lang) => {
    await act(() => i18n.changeLanguage(lang));
    useSession.getState().signIn('tok-1', user);
    renderSettings();
    await screen.findByText(nickname);
    const rows = Array.from(document.querySelectorAll('.account-settings-list .tap-row'));
    const rowOf = (label: string) => rows.find((row) => row.querySelector('.adm-list-item-content-main')?.textContent === label)!;
    for (const [label, state] of [
      [i18n.t('account.field.payPassword'), i18n.t('account.settings.notSet')],
      [i18n.t('account.settings.realName'), i18n.t('account.settings.realName.none')],
      [i18n.t('account.settings.google'), i18n.t('account.settings.notSet')],
    ] as const) {
      const row = rowOf(label);
      expect(row, label).toBeTruthy();
      const value = row.querySelector('.adm-list-item-content-extra')!;
      expect(value.textContent, label).toBe(state);
      expectReadable(value, `${lang}: ${label}`);
      // A long label ("Személyazonosság-ellenőrzés") may take a second line too, between words only.
      expect(getComputedStyle(row.querySelector('.adm-list-item-content-main')!).whiteSpace, label).not.toMatch(/nowrap/);
    }
  });
});

describe('the settings rows on a narrow phone, in Khmer', () => {
  it('each label keeps its natural width and the value beside it wraps rather than squeezing it', async () => {
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
      const value = row.querySelector('.adm-list-item-content-extra')!;
      expect([getComputedStyle(value).flexGrow, getComputedStyle(value).flexShrink, getComputedStyle(value).minWidth], label).toEqual(['1', '1', '0px']);
      expectReadable(value, label);
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
