import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import { CountryCodePicker, type CallingCode } from '../country-code-picker';

// The country code in front of a phone number, by keyboard: Enter opens a searchable list in a
// dialog, the list is reached by Tab, Enter chooses, Escape leaves it as it was.

const api = await startFakeApi({
  '/attractive/countryCode': () =>
    ok([
      { code: 'MY', name: 'Malaysia', pre: '60' },
      { code: 'TH', name: 'Thailand', pre: '66' },
      { code: 'ID', name: 'Indonesia', pre: '62' },
    ]),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
});
afterEach(() => cleanup());

function PhoneField() {
  const [code, setCode] = useState<CallingCode>({ country: 'MY', pre: '60' });
  return (
    <>
      <CountryCodePicker value={code} onChange={setCode} />
      <input aria-label="Mobile number" />
    </>
  );
}

const openList = async () => {
  renderRoutes({ '/pages/login/reg/reg': <PhoneField /> }, '/pages/login/reg/reg');
  const opener = await screen.findByRole('button', { name: 'Country code +60' });
  opener.focus();
  await act(async () => void fireEvent.click(opener));
  const dialog = await screen.findByRole('dialog', { name: 'Country code' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
};

describe('the country code picker, by keyboard', () => {
  it('opens as a modal dialog; Tab stays inside it', async () => {
    const { dialog } = await openList();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const search = within(dialog).getByRole('searchbox');
    const options = await within(dialog).findAllByRole('option');
    const last = options.at(-1)!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('a typed name finds the country; Enter on it chooses it, closes the list and gives the focus back', async () => {
    const { dialog } = await openList();
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'thai' } });
    const thailand = await within(dialog).findByRole('option', { name: 'Thailand +66' });
    expect(within(dialog).queryByRole('option', { name: 'Malaysia +60' })).toBeNull();
    thailand.focus();
    await act(async () => void fireEvent.click(thailand));
    const chosen = await screen.findByRole('button', { name: 'Country code +66' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(chosen);
  });

  it('Escape closes the list and keeps the code as it was', async () => {
    const { opener, dialog } = await openList();
    await act(async () => void fireEvent.keyDown(within(dialog).getByRole('searchbox'), { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener.getAttribute('aria-label')).toBe('Country code +60');
    expect(document.activeElement).toBe(opener);
  });
});
