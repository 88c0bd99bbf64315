import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { AdjustmentForm } from '../AdjustmentForm';

// "Adjust a balance" sent after the operator's session had ended is refused with "please log in
// again". Once the same operator signs in again over the page the dialog is usable: that refusal
// must not stay above the buttons, and what was typed stays to be sent again. Any other refusal stays.

beforeAll(async () => {
  await initI18n();
});

const ENDED = 'Authentication failed, please log in again';
const OVER_LIMIT = 'The amount is above what one adjustment may move';
const member = { id: 3, user_name: 'mia', nickname: 'Mia Lee', mobile_pre: null, mobile: null, email: null, invite_code: null, status: 'active', created_at: '2026-11-20T10:00:00.000Z', true_name: null, country: 'MY', referrer: null, active_sessions: 0, certification: null, balances: [], orders: [] };
/** How the server answers the next adjustment: the session ended, or a refusal of the adjustment itself. */
let adjustmentAnswer: { code: number; msg: string } = { code: 2001, msg: ENDED };
const sent: unknown[] = [];

beforeEach(() => {
  sessionStore.signIn('token-1');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/members/info') return json({ code: 200, msg: 'ok', data: member });
    if (path === '/admin/api/ledger/adjustments' && init.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return json({ ...adjustmentAnswer, data: null });
    }
    return json({ code: 404, msg: 'Not found', data: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sent.length = 0;
  adjustmentAnswer = { code: 2001, msg: ENDED };
  sessionStore.end('signed_out');
});

/** Opens the dialog for member 3 and asks for 12.50 USD with a reason. */
async function askForAdjustment() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>
        <AdjustmentForm memberId={3} onClose={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('adjust-member-name', {}, { timeout: 10_000 });
  fireEvent.change(within(dialog).getByTestId('adjust-amount'), { target: { value: '12.50' } });
  fireEvent.change(within(dialog).getByTestId('adjust-reason'), { target: { value: 'Goodwill for a late parcel' } });
  await act(async () => void fireEvent.click(within(dialog).getByTestId('adjust-submit')));
  await waitFor(() => expect(sent).toHaveLength(1));
  return dialog;
}

describe('an adjustment refused because the session ended', () => {
  it('shows the refusal, and no longer once the same operator has signed in again over the page; what was typed stays', async () => {
    await changeLanguage('en-us');
    const dialog = await askForAdjustment();
    await within(dialog).findByText(ENDED);
    expect(sessionStore.get()).toMatchObject({ token: null, ended: 'expired' });

    act(() => sessionStore.resume('token-2'));
    await waitFor(() => expect(within(dialog).queryByText(ENDED)).toBeNull());
    expect((within(dialog).getByTestId('adjust-amount') as HTMLInputElement).value).toBe('12.50');
    expect((within(dialog).getByTestId('adjust-reason') as HTMLTextAreaElement).value).toBe('Goodwill for a late parcel');
  });

  it('a refusal of the adjustment itself stays after a resume: only what said the session had ended goes', async () => {
    await changeLanguage('en-us');
    adjustmentAnswer = { code: 7004, msg: OVER_LIMIT };
    const dialog = await askForAdjustment();
    await within(dialog).findByText(OVER_LIMIT);
    sessionStore.end('expired');
    act(() => sessionStore.resume('token-2'));
    expect(within(dialog).getByText(OVER_LIMIT)).toBeTruthy();
  });
});
