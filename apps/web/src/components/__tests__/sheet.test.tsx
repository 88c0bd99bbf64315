import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Sheet as SettingsSheet } from '@/features/account/components/sheet';
import { prepareApp } from '@/test/helpers';
import { Sheet } from '../sheet';

beforeAll(() => prepareApp());
afterEach(cleanup);

function Page({ dismissable }: { dismissable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose specs
      </button>
      <Sheet label="Specs" visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} dismissable={dismissable}>
        <button type="button">Blue</button>
        <button type="button">Red</button>
        <button type="button" onClick={() => setOpen(false)}>
          Add to cart
        </button>
      </Sheet>
    </>
  );
}

const open = async () => {
  const opener = screen.getByRole('button', { name: 'Choose specs' });
  opener.focus();
  await act(async () => void fireEvent.click(opener));
  return { opener, dialog: await screen.findByRole('dialog', { name: 'Specs' }) };
};

describe('a sheet', () => {
  it('is a modal dialog named by its label, and opening it takes the focus into it', async () => {
    render(<Page />);
    const { dialog } = await open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab inside while open, both ways', async () => {
    render(<Page />);
    const { dialog } = await open();
    const first = screen.getByRole('button', { name: 'Blue' });
    const last = screen.getByRole('button', { name: 'Add to cart' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape and gives the focus back to the control that opened it', async () => {
    render(<Page />);
    const { opener } = await open();
    await act(async () => void fireEvent.keyDown(screen.getByRole('button', { name: 'Red' }), { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Specs' })).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('a sheet that must be answered stays open on Escape; closed by its own button, the focus goes back', async () => {
    render(<Page dismissable={false} />);
    const { opener } = await open();
    await act(async () => void fireEvent.keyDown(screen.getByRole('button', { name: 'Red' }), { key: 'Escape' }));
    expect(screen.getByRole('dialog', { name: 'Specs' })).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add to cart' })));
    expect(document.activeElement).toBe(opener);
  });

  it('the settings sheets (pay password, e-mail, …) are dialogs named by their title', async () => {
    function Settings() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Choose specs
          </button>
          <SettingsSheet open={open} onClose={() => setOpen(false)} title="Set pay password">
            <input aria-label="Pay password" />
          </SettingsSheet>
        </>
      );
    }
    render(<Settings />);
    const opener = screen.getByRole('button', { name: 'Choose specs' });
    opener.focus();
    await act(async () => void fireEvent.click(opener));
    const dialog = await screen.findByRole('dialog', { name: 'Set pay password' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => void fireEvent.keyDown(dialog, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
