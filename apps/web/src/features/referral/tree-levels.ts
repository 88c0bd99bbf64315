// How much of the placement tree a phone shows at once. The tree is drawn as nested halves (each
// node over the middle of its two children's columns), so the root's two children stand over the
// middles of the tree's two halves: on a narrow phone a tree of three levels, opened on the root,
// had both children outside the frame and the member read "my places are empty".

/** The widest a node's card is drawn, border included (`.tree-card` in referral.css), and the gap between two columns. */
export const TREE_CARD_MAX_WIDTH = 100;
export const TREE_COLUMN_GAP = 4;
/** The most levels below the root the tree asks for (the API draws 1 to 4). */
export const TREE_LEVELS_MAX = 3;

/**
 * How many levels below the root to ask for in a frame `frameWidth` px wide: the most (up to
 * `TREE_LEVELS_MAX`, at least 1) with which the root and both its children open in full view. With
 * L levels the lowest row has 2^L places of at most a card and a gap each; opened on its middle,
 * the children's cards reach a quarter of the tree and half a card either side of it. A node at the
 * last level with more below says so; tapping it shows its own levels.
 */
export function treeLevelsFor(frameWidth: number): number {
  for (let levels = TREE_LEVELS_MAX; levels > 1; levels--) {
    if (2 ** (levels - 1) * (TREE_CARD_MAX_WIDTH + TREE_COLUMN_GAP) + TREE_CARD_MAX_WIDTH <= frameWidth) return levels;
  }
  return 1;
}

/** Where a tree `treeWidth` px wide opens in a frame `frameWidth` px wide: its middle (the root's card) in the middle. */
export const openingScrollLeft = (treeWidth: number, frameWidth: number): number => Math.max(0, (treeWidth - frameWidth) / 2);
