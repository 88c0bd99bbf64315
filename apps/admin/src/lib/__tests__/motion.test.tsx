import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLessMotion } from '../motion';

/** The operator's system setting, as the browser reports it, and a way to change it. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: reduce,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  vi.stubGlobal('matchMedia', (query: string) => (query === list.media ? list : { ...list, matches: false, media: query }));
  return {
    change(to: boolean) {
      list.matches = to;
      listeners.forEach((f) => f());
    },
    listening: () => listeners.size,
  };
}

function Shown() {
  return <span data-testid="motion">{useLessMotion() ? 'less' : 'full'}</span>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console follows the operator’s motion setting', () => {
  it('asks for less motion when the system does, follows a change of the setting, and stops listening when gone', () => {
    const setting = systemSetting(true);
    const { unmount } = render(<Shown />);
    expect(screen.getByTestId('motion').textContent).toBe('less');
    act(() => setting.change(false));
    expect(screen.getByTestId('motion').textContent).toBe('full');
    act(() => setting.change(true));
    expect(screen.getByTestId('motion').textContent).toBe('less');
    unmount();
    expect(setting.listening()).toBe(0);
  });

  it('keeps full motion where the system says nothing', () => {
    systemSetting(false);
    render(<Shown />);
    expect(screen.getByTestId('motion').textContent).toBe('full');
  });
});
