import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEndpointMutation } from '../endpoint-query';
import { initI18n } from '../i18n';
import { setHouseCodeRoute } from '../routes-referral';

// Every console write (a chat reply, a shipment, a setting) keeps one idempotency key per body: the
// same body again is one request while it has no answer (a double click, a retry after a lost
// answer), a corrected body a new request, and once it succeeded the same body again a new one (an
// operator sending "OK" twice sends two messages).

beforeAll(() => initI18n());

let keys: string[] = [];
/** How the fake server answers the next call: a success, a refusal, or no answer at all. */
let next: 'ok' | 'refused' | 'lost' = 'ok';
beforeEach(() => {
  keys = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
    if (next === 'lost') throw new TypeError('Failed to fetch');
    const payload = next === 'ok' ? { code: 200, msg: 'ok', data: { house_code: 'HOUSE123' } } : { code: 8011, msg: 'refused', data: null };
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</QueryClientProvider>;

describe('the keys a console write is sent with', () => {
  it('repeats a key for the same body until it succeeds, gives a corrected body a new one, and a body sent again after a success a new one', async () => {
    const { result } = renderHook(() => useEndpointMutation(setHouseCodeRoute), { wrapper });
    const send = (code: string) => act(() => result.current.mutateAsync({ house_code: code, reason: 'new season' }).catch(() => undefined));

    next = 'lost';
    await send('SPRING26');
    next = 'refused';
    await send('SPRING26');
    await send('SUMMER26');
    next = 'ok';
    await send('SUMMER26');
    await send('SUMMER26');
    const [lost, retried, corrected, correctedOk, again] = keys;
    expect(retried).toBe(lost);
    expect(corrected).not.toBe(retried);
    expect(correctedOk).toBe(corrected);
    expect(again).not.toBe(correctedOk);
  });
});
