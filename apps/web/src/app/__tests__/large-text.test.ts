import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * With the text made twice as large (browser zoom on a 375-px phone), labels wrap onto another
 * line instead of being cut: "Add to cart" never shows as "A…", a sentence never runs out of sight.
 */

const sheet = (relative: string) => fs.readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');

/** Draws `html` under the app's real style sheet `css` and answers how its `selector` element lays out its text. */
function styleOf(css: string, html: string, selector: string) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  document.body.innerHTML = html;
  const computed = getComputedStyle(document.querySelector(selector)!);
  return { whiteSpace: computed.whiteSpace, textOverflow: computed.textOverflow, flexShrink: computed.flexShrink };
}

afterEach(() => {
  document.head.querySelectorAll('style').forEach((s) => s.remove());
  document.body.innerHTML = '';
});

describe('labels at large text', () => {
  it('the goods page wraps Add to cart and Buy now rather than cutting them with an ellipsis', () => {
    const css = sheet('../../features/catalogue/catalogue.css');
    for (const button of ['goods-bar-cart', 'goods-bar-buy']) {
      const laid = styleOf(css, `<div class="goods-bar"><button class="adm-button ${button}">Add to cart</button></div>`, `.${button}`);
      expect(laid.whiteSpace, button).not.toBe('nowrap');
      expect(laid.textOverflow, button).not.toBe('ellipsis');
    }
  });

  it('an order’s payment keeps its amount whole on one line beside a long method name', () => {
    const css = sheet('../../features/orders/orders.css');
    const laid = styleOf(css, '<div class="order-payment-head"><strong>บัตร (Visa, Mastercard, UnionPay, JCB, Apple Pay)</strong><span class="order-payment-charged">$141.99</span></div>', '.order-payment-charged');
    expect(laid.whiteSpace).toBe('nowrap');
    expect(laid.flexShrink).toBe('0');
  });

  it('the support chat wraps its empty and typing texts; only a date beside a title stays on one line', () => {
    const css = sheet('../../features/support/support.css');
    expect(styleOf(css, '<p class="support-muted chat-empty">No messages yet. Ask us anything.</p>', '.chat-empty').whiteSpace).not.toBe('nowrap');
    expect(styleOf(css, '<div class="support-row"><strong>Title</strong><span class="support-muted">Nov 29</span></div>', '.support-muted').whiteSpace).toBe('nowrap');
  });
});
