import { afterAll } from 'vitest';
import { act, configure } from '@testing-library/react';

// Waits for what a page does after a tap (a dialog fading out, a list read again, a lazily loaded
// page's code) may take longer than Testing Library's default second when three test workers,
// PostgreSQL and Chromium share CI's two cores: ten seconds, still half a test's time limit.
configure({ asyncUtilTimeout: 10_000 });

// Toasts and dialogs opened imperatively live outside the rendered tree and close on timers: close
// them while the file's window still exists, so no render runs after the environment is gone.
afterAll(async () => {
  const { Dialog, Toast } = await import('antd-mobile');
  await act(async () => {
    Toast.clear();
    Dialog.clear();
    await new Promise((r) => setTimeout(r, 20));
  });
});
