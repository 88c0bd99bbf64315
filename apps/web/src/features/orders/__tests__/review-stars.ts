import { fireEvent, within } from '@testing-library/react';

/** Taps the `n`th star of a review's rating within `el` (the stars read where the finger lands). */
export function tapStar(el: HTMLElement, n: number) {
  const rate = within(el).getByRole('radiogroup', { name: 'Rating' });
  rate.getBoundingClientRect = () => ({ left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) });
  const touch = { identifier: 1, target: rate, clientX: n * 20 - 10, clientY: 10, pageX: n * 20 - 10, pageY: 10 };
  fireEvent.touchStart(rate, { touches: [touch], targetTouches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(rate, { touches: [], targetTouches: [], changedTouches: [touch] });
}
