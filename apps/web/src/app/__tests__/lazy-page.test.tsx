import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyPage, type PageModule } from '@/app/lazy-page';
import { prepareApp } from '@/test/helpers';

beforeAll(() => prepareApp());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const deferred = () => {
  let resolve!: (m: PageModule) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<PageModule>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const Hello = () => <p>the page itself</p>;

describe('a lazily loaded page', () => {
  it('shows nothing for 200 ms, then the loading state, then the page', async () => {
    vi.useFakeTimers();
    const chunk = deferred();
    const Page = lazyPage(() => chunk.promise);
    const { container } = render(<Page />);
    act(() => void vi.advanceTimersByTime(199));
    expect(container.textContent).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    await act(async () => chunk.resolve({ default: Hello }));
    expect(screen.getByText('the page itself')).toBeTruthy();
  });

  it('after 60 s without the page: an error state whose retry waits again', async () => {
    vi.useFakeTimers();
    const chunk = deferred();
    const Page = lazyPage(() => chunk.promise);
    render(<Page />);
    act(() => void vi.advanceTimersByTime(59_999));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toContain('This is taking too long');
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => chunk.resolve({ default: Hello }));
    expect(screen.getByText('the page itself')).toBeTruthy();
  });

  it('a chunk that fails to load gives a reload prompt, not a blank page', async () => {
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('a chunk that has not arrived after 120 s counts as failed', async () => {
    vi.useFakeTimers();
    const Page = lazyPage(() => new Promise<PageModule>(() => {}));
    render(<Page />);
    await act(async () => void vi.advanceTimersByTime(120_000));
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
  });

  it('a page loaded once shows at once on the next visit', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Hello }));
    const first = render(<Page />);
    await screen.findByText('the page itself');
    first.unmount();
    render(<Page />);
    expect(screen.getByText('the page itself')).toBeTruthy();
  });
});
