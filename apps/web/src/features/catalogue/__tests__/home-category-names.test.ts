import { afterEach, describe, expect, it } from 'vitest';
import { addStyles } from '@/test/styles';

/*
 * The home page's category tiles are 50 px wide on a 320 px phone: a Khmer or Thai name takes three
 * lines there ("អាហារ និងភេសជ្ជៈ", "กีฬาและกิจกรรมกลางแจ้ง"). It shows whole, in its own column, never
 * cut to "អាហារ និង…".
 */

let removeStyles = () => {};
afterEach(() => {
  removeStyles();
  document.body.innerHTML = '';
});

describe('category names on the home page', () => {
  it('show a Khmer name whole, on as many lines as it takes, within its tile', () => {
    removeStyles = addStyles('apps/web/src/features/catalogue/catalogue.css');
    document.body.innerHTML = `<div class="adm-grid home-categories"><div class="adm-grid-item"><a class="home-category"><div class="home-category-name">អាហារ និងភេសជ្ជៈ</div></a></div></div>`;
    const laid = getComputedStyle(document.querySelector('.home-category-name')!);
    // Not cut after two lines, nor with an ellipsis.
    expect(laid.getPropertyValue('-webkit-line-clamp')).toBe('');
    expect(laid.overflow).not.toBe('hidden');
    expect(laid.textOverflow).not.toBe('ellipsis');
    // No wider than its column (50 px at 320 px), so a long word wraps inside it rather than over the next tile.
    expect(laid.maxWidth).toContain('100%');
  });
});
