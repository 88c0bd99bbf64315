import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { PageErrorBoundary } from '../PageErrorBoundary';

// A page that fails while drawing (say an amount it cannot format) no longer blanks the whole console:
// its area shows an error with Try again, and another page, or Try again, draws afresh.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let broken = true;
function Commissions() {
  if (broken) throw new RangeError('minor units must be a safe integer: 96.75');
  return <p>Commissions list</p>;
}

describe('a console page that fails while drawing', () => {
  it('shows an error with Try again in its place, beside a shell that stays; Try again and another page draw afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const client = new QueryClient();
    const page = (path: string, body: React.ReactNode) => (
      <QueryClientProvider client={client}>
        <nav>Menu</nav>
        <PageErrorBoundary resetKey={path}>{body}</PageErrorBoundary>
      </QueryClientProvider>
    );
    const view = render(page('/referral/commissions', <Commissions />));
    expect(screen.getByText('Menu')).toBeTruthy();
    expect(screen.getByText('This page could not be shown')).toBeTruthy();

    broken = false;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByText('Commissions list')).toBeTruthy();

    broken = true;
    view.rerender(page('/referral/commissions?again', <Commissions />));
    expect(screen.getByText('This page could not be shown')).toBeTruthy();
    view.rerender(page('/members', <p>Members list</p>));
    expect(screen.getByText('Members list')).toBeTruthy();
  });

  it('Try again asks for the page\'s answers afresh: a failure from the data goes once the data is right', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The server first answers an amount the page cannot draw, then (mended) one it can.
    const answers = ['96.75', '96'];
    let asked = 0;
    const Pending = () => {
      const { data } = useQuery({ queryKey: ['commissions'], queryFn: async () => answers[Math.min(asked++, 1)]!, staleTime: Infinity });
      if (data === undefined) return <p>Loading</p>;
      if (!Number.isSafeInteger(Number(data))) throw new RangeError(`minor units must be a safe integer: ${data}`);
      return <p>Pending {data}</p>;
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <nav>Menu</nav>
        <PageErrorBoundary resetKey="/referral/commissions">
          <Pending />
        </PageErrorBoundary>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('This page could not be shown')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('Pending 96')).toBeTruthy();
    expect(asked).toBe(2);
  });
});
