import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Carousel } from '../components/carousel';

/** A window whose system asks for reduced motion, or not. */
function motionPreference(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query, addEventListener() {}, removeEventListener() {} }));
}

/** Renders three slides and records where autoplay asks the track to scroll. */
function renderSlides() {
  const scrolls: number[] = [];
  // jsdom does not scroll: the track's scrollTo records where it was asked to go.
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    value: (options?: ScrollToOptions | number) => {
      if (typeof options === 'object') scrolls.push(options.left ?? 0);
    },
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
  render(<Carousel label="Banners" interval={4000} items={['one', 'two', 'three'].map((t) => <span key={t}>{t}</span>)} />);
  return scrolls;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the carousel', () => {
  it('moves to the next slide by itself every interval', () => {
    vi.useFakeTimers();
    motionPreference(false);
    const scrolls = renderSlides();
    expect(screen.getByRole('region', { name: 'Banners' })).toBeTruthy();
    vi.advanceTimersByTime(4000);
    expect(scrolls).toEqual([375]);
  });

  it('never moves by itself when the system asks for reduced motion', () => {
    vi.useFakeTimers();
    motionPreference(true);
    const scrolls = renderSlides();
    vi.advanceTimersByTime(20_000);
    expect(scrolls).toEqual([]);
  });
});
