import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { CouponForm } from '../Coupons';

// Coupons → New coupon: the operator gives the reason the contract asks for, and a refused coupon
// can be corrected and sent again (one idempotency key per body sent, as the server requires).

beforeAll(async () => {
  await initI18n();
});

/** What reached the server: each call's key and body. */
let sent: Array<{ key: string; body: Record<string, unknown> }> = [];
/** The server's rule for keys: a key sent again with another body is refused; the same body is answered as before. */
let firstAnswer: (body: Record<string, unknown>) => { status: number; payload: unknown };
beforeEach(() => {
  sent = [];
  const seen = new Map<string, { body: string; answer: { status: number; payload: unknown } }>();
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const key = (init.headers as Record<string, string>)['Idempotency-Key']!;
    const text = String(init.body);
    const body = JSON.parse(text) as Record<string, unknown>;
    sent.push({ key, body });
    const before = seen.get(key);
    const answer = before ? (before.body === text ? before.answer : { status: 422, payload: { code: 422, msg: 'This request key was already used for a different request', data: null } }) : firstAnswer(body);
    if (!before) seen.set(key, { body: text, answer });
    return new Response(JSON.stringify(answer.payload), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const waiting = (id: number) => ({ status: 200, payload: { code: 200, msg: 'ok', data: { request: { id, status: 'pending' }, result: null } } });

function renderForm(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <AntApp>
        <CouponForm onClose={onClose} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onClose;
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** Submit, then Confirm in the question asked before a coupon is issued. */
async function submit() {
  await act(async () => void fireEvent.click(screen.getByTestId('coupon-submit')));
  const confirm = await screen.findByRole('button', { name: 'Confirm' });
  await act(async () => void fireEvent.click(confirm));
}

describe('the new-coupon form', () => {
  it('asks for the reason and sends it: without one it says so and sends nothing', async () => {
    firstAnswer = () => waiting(7);
    const onClose = renderForm();
    fill('coupon-code', 'SPRING5');
    fill('coupon-amount', '5');
    fill('coupon-starts', '2026-12-01T10:00');
    fill('coupon-ends', '2026-12-31T10:00');
    await act(async () => void fireEvent.click(screen.getByTestId('coupon-submit')));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(sent).toEqual([]);

    fill('coupon-reason', 'Spring campaign');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ code: 'SPRING5', kind: 'amount', amount: 500, currency: 'USD', reason: 'Spring campaign' });
  });

  it('refused, then corrected: the corrected coupon is a new request (new key); the same one sent twice keeps its key', async () => {
    firstAnswer = (body) => (body.amount === 5000 ? { status: 400, payload: { code: 7004, msg: 'A coupon may give at most 40.00 USD', data: null } } : waiting(8));
    const onClose = renderForm();
    fill('coupon-code', 'BIGONE');
    fill('coupon-amount', '50');
    fill('coupon-starts', '2026-12-01T10:00');
    fill('coupon-ends', '2026-12-31T10:00');
    fill('coupon-reason', 'Launch');
    await submit();
    expect(await screen.findByText('A coupon may give at most 40.00 USD')).toBeTruthy();
    // The same body again (a second click) is the same request, answered as before.
    await submit();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);

    fill('coupon-amount', '40');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(3);
    expect(sent[2]!.body).toMatchObject({ amount: 4000 });
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect(screen.queryByText('This request key was already used for a different request')).toBeNull();
  });

  it('refused because the session ended: said until the same operator signs in again over the page, the coupon typed kept', async () => {
    const ENDED = 'Authentication failed, please log in again';
    sessionStore.signIn('token-1');
    firstAnswer = () => ({ status: 200, payload: { code: 2001, msg: ENDED, data: null } });
    renderForm();
    fill('coupon-code', 'WINTER5');
    fill('coupon-amount', '5');
    fill('coupon-starts', '2026-12-01T10:00');
    fill('coupon-ends', '2026-12-31T10:00');
    fill('coupon-reason', 'Winter campaign');
    await submit();
    expect(await screen.findByText(ENDED)).toBeTruthy();

    act(() => sessionStore.resume('token-2'));
    await waitFor(() => expect(screen.queryByText(ENDED)).toBeNull());
    expect((screen.getByTestId('coupon-code') as HTMLInputElement).value).toBe('WINTER5');
    expect((screen.getByTestId('coupon-reason') as HTMLTextAreaElement).value).toBe('Winter campaign');
  });
});
