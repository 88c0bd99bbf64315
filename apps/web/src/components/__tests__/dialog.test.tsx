import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clearToasts, prepareApp } from '@/test/helpers';
import { confirmDialog } from '../dialog';

beforeAll(() => prepareApp());
afterEach(async () => {
  // An answered dialog fades out; on a busy machine antd-mobile may not take it down in time: the
  // shared helper closes what is open and unmounts what faded, so the next test starts without it.
  await clearToasts();
  expect(document.querySelector('.adm-dialog')).toBeNull();
  cleanup();
});

/** My orders, as far as the keyboard goes: "Cancel order" asks first; "Pay now" behind it. */
function Orders() {
  const [answer, setAnswer] = useState('');
  const cancel = async () => setAnswer((await confirmDialog({ content: 'Cancel this order?', confirmText: 'Yes', cancelText: 'No' })) ? 'cancelled' : 'kept');
  return (
    <>
      <button type="button" onClick={() => void cancel()}>
        Cancel order
      </button>
      <button type="button">Pay now</button>
      <output>{answer}</output>
    </>
  );
}

const ask = async () => {
  const opener = screen.getByRole('button', { name: 'Cancel order' });
  opener.focus();
  await act(async () => void fireEvent.click(opener));
  return { opener, dialog: await screen.findByRole('alertdialog', { name: 'Cancel this order?' }) };
};

describe('a confirm dialog, by keyboard', () => {
  it('is a modal dialog named by its question, and the focus moves to its safe choice', async () => {
    render(<Orders />);
    const { dialog } = await ask();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No' })));
  });

  it('keeps Tab inside: after "Yes" comes "No" again, never "Pay now" behind it', async () => {
    render(<Orders />);
    const { dialog } = await ask();
    const no = within(dialog).getByRole('button', { name: 'No' });
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    yes.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(no);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
  });

  it('Escape answers "no", closes it and gives the focus back to "Cancel order"', async () => {
    render(<Orders />);
    const { opener, dialog } = await ask();
    await act(async () => void fireEvent.keyDown(within(dialog).getByRole('button', { name: 'No' }), { key: 'Escape' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('kept'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('a titled dialog is named by its title; "Yes" answers yes and the focus comes back', async () => {
    function Titled() {
      const [answer, setAnswer] = useState('');
      return (
        <>
          <button type="button" onClick={() => void confirmDialog({ title: 'Delete card', content: 'Delete the card ending 4242?', confirmText: 'Delete', cancelText: 'Keep' }).then((yes) => setAnswer(yes ? 'deleted' : 'kept'))}>
            Delete
          </button>
          <output>{answer}</output>
        </>
      );
    }
    render(<Titled />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    await act(async () => void fireEvent.click(opener));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete card' });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('deleted'));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
