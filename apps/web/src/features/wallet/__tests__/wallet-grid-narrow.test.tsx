import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { addStyles } from '@/test/styles';
import { prepareApp, renderRoutes } from '@/test/helpers';
import { WalletActions } from '../components/wallet-actions';

// The wallet's two grids of links in Hungarian on a 320-px phone: "Ajándékkártyák" ran into
// "Árfolyamok" beside it, and "Bankkártyák" all but touched its neighbour. A label longer than its
// cell wraps inside it (hyphenated where the browser knows the language, else broken anywhere).

let removeStyles: () => void = () => undefined;
beforeAll(() => {
  prepareApp();
  removeStyles = addStyles('apps/web/src/features/wallet/wallet.css');
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});
afterAll(() => removeStyles());

describe('the wallet’s links in a narrow cell', () => {
  it('each label wraps its long words within its own cell', async () => {
    await act(() => i18n.changeLanguage('hu'));
    renderRoutes({ '*': <WalletActions /> }, paths.wallet.assets);
    for (const name of ['Ajándékkártyák', 'Árfolyamok', 'Bankkártyák']) {
      const link = await screen.findByRole('button', { name });
      expect(getComputedStyle(link).minWidth, name).toBe('0px');
      const label = [...link.querySelectorAll('*')].find((el) => el.textContent === name);
      expect(label, `${name} in an element of its own`).toBeTruthy();
      const style = getComputedStyle(label!);
      expect(style.overflowWrap, name).toBe('anywhere');
      expect(style.maxWidth, name).toBe('100%');
      expect(style.getPropertyValue('hyphens'), name).toBe('auto');
    }
  });
});
