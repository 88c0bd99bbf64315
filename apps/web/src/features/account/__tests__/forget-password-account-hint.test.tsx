import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { LANGUAGES } from '@shop/contract/common';
import { loadBundledPacks } from '@shop/contract/packs';
import { paths } from '@/config/paths';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { i18n } from '@/lib/i18n';
import { prepareApp, renderRouter } from '@/test/helpers';

// A forgotten password is sent by user name, e-mail or phone number: the Account field says all three,
// in the same words as the login page's.

beforeAll(async () => {
  prepareApp();
  await preloadPagesFor(routes, paths.login.forgotPassword);
}, 60_000);
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

describe('the forgotten password page', () => {
  it('asks for a user name, an e-mail or a phone number, in every language', async () => {
    const packs = loadBundledPacks();
    for (const lang of LANGUAGES) {
      await act(() => i18n.changeLanguage(lang));
      renderRouter(routes, paths.login.forgotPassword);
      const account = await (async () => {
        for (let i = 0; i < 100 && !document.querySelector('input[name="account"]'); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
        return document.querySelector<HTMLInputElement>('input[name="account"]')!;
      })();
      expect(account.placeholder, lang).toBe(packs[lang]!['account.placeholder.account']);
      cleanup();
    }
    expect(packs['en-us']!['account.placeholder.account']).toBe('Username, email or phone number');
  });
});
