import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import { PopupHost } from '../components/popup-host';

// The home page's promotion, by keyboard: a modal dialog named by its title that takes the focus,
// keeps Tab inside, closes on Escape and gives the focus back to where the member was.

const api = await startFakeApi({
  '/attractive/popup/list': () => ok({ list: [{ id: 1, title: 'Winter sale', content: '<p>Everything 20% off</p>', image: '', link: '/pages/tabbar/page' }] }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());

const showPromotion = async () => {
  renderRoutes(
    {
      '/pages/tabbar/index': (
        <>
          <button type="button">Search goods</button>
          <PopupHost />
        </>
      ),
    },
    '/pages/tabbar/index',
  );
  const behind = screen.getByRole('button', { name: 'Search goods' });
  behind.focus();
  // The member's first key press makes the page usable; the promotion follows.
  fireEvent.keyDown(window, { key: 'Shift' });
  const dialog = await screen.findByRole('dialog', { name: 'Winter sale' }, { timeout: 3000 });
  // Open for the keyboard once the focus is in it (what the member sees before pressing a key).
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { behind, dialog };
};

describe('the home promotion, by keyboard', () => {
  it('is a modal dialog named by its title, and the focus moves into it', async () => {
    const { dialog } = await showPromotion();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab inside, both ways', async () => {
    const { dialog } = await showPromotion();
    const first = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('button', { name: 'Do not remind me today' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape and gives the focus back to where the member was', async () => {
    const { behind, dialog } = await showPromotion();
    await act(async () => void fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(behind);
  });
});
