import { afterEach, describe, expect, it } from 'vitest';
import { addStyles } from '@/test/styles';

/*
 * An address card's actions in Hungarian on a 375 px phone: "Legyen alapértelmezett" beside "Térkép"
 * took two lines, and Edit and Delete were pushed onto a row each. Each group keeps its width (its
 * labels whole); when both do not fit on one line, the second group moves under the first, whole.
 */

let removeStyles = () => {};
afterEach(() => {
  removeStyles();
  document.body.innerHTML = '';
});

describe("an address card's actions", () => {
  it('wrap as two whole groups, edit and delete kept together at the right end', () => {
    removeStyles = addStyles('apps/web/src/features/address/address.css');
    document.body.innerHTML = `<section class="address-card"><div class="address-card-actions">
      <div><button class="adm-button">Térkép</button><button class="adm-button">Legyen alapértelmezett</button></div>
      <div><button class="adm-button">Szerkesztés</button><button class="adm-button">Törlés</button></div>
    </div></section>`;
    const row = getComputedStyle(document.querySelector('.address-card-actions')!);
    // The row wraps between the groups rather than squeezing them.
    expect(row.flexWrap).toBe('wrap');
    const [first, second] = Array.from(document.querySelectorAll('.address-card-actions > div')).map((g) => getComputedStyle(g));
    for (const group of [first!, second!]) {
      // A group is never squeezed below its buttons' width (which broke their labels and stacked them) …
      expect([group.display, group.flexShrink]).toEqual(['flex', '0']);
      // … and wraps only between its buttons when it alone is wider than the card.
      expect([group.flexWrap, group.maxWidth]).toEqual(['wrap', '100%']);
    }
    // Edit and Delete stay at the right end, on their own line or beside the first group.
    expect([second!.marginLeft, second!.justifyContent]).toEqual(['auto', 'flex-end']);
  });
});
