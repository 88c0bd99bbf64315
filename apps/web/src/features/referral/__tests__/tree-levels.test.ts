import { describe, expect, it } from 'vitest';
import { openingScrollLeft, TREE_CARD_MAX_WIDTH, TREE_COLUMN_GAP, treeLevelsFor } from '../tree-levels';

// On a 375 px phone (a tree card 335 px wide inside) the placement tree opened with three levels was
// about 870 px wide and scrolled to its middle: the member's own two children were cut off at both
// edges. The tree asks for as many levels as keep them in view.

/** Where the root's children's cards lie in a tree of `levels` levels drawn as wide as it can be, opened in a frame `frame` px wide. */
function childrenInView(levels: number, frame: number): boolean {
  const place = TREE_CARD_MAX_WIDTH + TREE_COLUMN_GAP;
  const tree = Math.max(frame, 2 ** levels * place);
  const scroll = openingScrollLeft(tree, frame);
  const half = TREE_CARD_MAX_WIDTH / 2;
  const [left, right] = [tree / 4, (tree * 3) / 4];
  return left - half >= scroll && right + half <= scroll + frame;
}

describe('the placement tree’s levels', () => {
  it('on a 375 px phone: two levels, the member and both children in view; three would cut them off', () => {
    expect(treeLevelsFor(335)).toBe(2);
    expect(childrenInView(2, 335)).toBe(true);
    expect(childrenInView(3, 335)).toBe(false);
  });

  it('on a 320 px phone one level (tap a child to go down), on a tablet or the wide column three', () => {
    expect(treeLevelsFor(280)).toBe(1);
    expect(childrenInView(1, 280)).toBe(true);
    expect(treeLevelsFor(710)).toBe(3);
    expect(childrenInView(3, 710)).toBe(true);
  });

  it('keeps the children in view at every width, never more than three levels nor fewer than one', () => {
    for (let frame = 0; frame <= 1200; frame += 5) {
      const levels = treeLevelsFor(frame);
      expect(levels).toBeGreaterThanOrEqual(1);
      expect(levels).toBeLessThanOrEqual(3);
      if (frame >= 2 * (TREE_CARD_MAX_WIDTH + TREE_COLUMN_GAP)) expect(childrenInView(levels, frame), `${frame} px`).toBe(true);
    }
  });

  it('opens a tree wider than its frame on its middle, and one that fits where it is', () => {
    expect(openingScrollLeft(870, 335)).toBe(267.5);
    expect(openingScrollLeft(300, 335)).toBe(0);
  });
});
