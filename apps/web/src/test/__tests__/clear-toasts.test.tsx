import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { showToast } from '@/lib/toast';
import { clearToasts, prepareApp, toastText } from '@/test/helpers';

// Every page test ends by clearing the toasts and dialogs it left (they live outside the rendered tree).
// Clearing must leave their nodes to React and antd-mobile: a node taken off the page under them makes
// their own unmount fail later ("The node to be removed is not a child of this node") in another test.

const errors: string[] = [];
const onError = (event: ErrorEvent) => errors.push(String((event.error as Error | undefined)?.message ?? event.message));
beforeAll(() => {
  prepareApp();
  window.addEventListener('error', onError);
});
afterAll(() => window.removeEventListener('error', onError));

/** Lets antd-mobile's own timers and animation frames run, for at most `ms`, until an error is reported. */
async function errorsWithin(ms: number): Promise<string[]> {
  const end = performance.now() + ms;
  await act(async () => {
    while (!errors.length && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  });
  return errors;
}

describe('clearing the toasts after a test', () => {
  it('clears a toast that appears while it clears, leaving nothing on the page, and nothing that fails later', async () => {
    showToast('Saved', 3000);
    expect(await toastText()).toBe('Saved');
    const clearing = clearToasts();
    // A request answered as the test ends shows its message while the toasts are being cleared.
    setTimeout(() => showToast('Network error, please try again', 2000), 100);
    await clearing;
    expect(document.querySelectorAll('.adm-toast-mask')).toHaveLength(0);
    expect(document.getElementById('toast-region')?.childElementCount ?? 0).toBe(0);
    // The next test clears again, and antd-mobile takes down whatever it still had.
    await clearToasts();
    expect(await errorsWithin(2500)).toEqual([]);
  });

  it('closes a dialog left open: it is off the screen for the next test, and nothing fails later', async () => {
    const { confirmDialog } = await import('@/components/dialog');
    void confirmDialog({ content: 'Delete Maybank ****6789?', confirmText: 'Delete', cancelText: 'Cancel' });
    expect(await screen.findByText('Delete Maybank ****6789?')).toBeTruthy();
    await clearToasts();
    expect(screen.queryByText('Delete Maybank ****6789?')).toBeNull();
    await clearToasts();
    expect(await errorsWithin(1000)).toEqual([]);
  });
});
