import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useInstallPrompt } from '@/lib/install-prompt';
import { useNativeShell } from '@/stores/app-flags';
import { QuantityStepper } from '@/components/quantity-stepper';
import { OrderActions } from '@/features/orders/components/order-actions';
import AppDownloadPrompt from '@/features/app-download/components/app-download-prompt';
import { addStyles } from '@/test/styles';
import { prepareApp, renderRoutes } from '@/test/helpers';

// A tap target is at least 44 × 44 px. jsdom draws nothing: what is checked is what makes the browser
// give the controls that area (the shared class on them, and its rule in the app's style sheet).

let removeStyles: () => void = () => {};
beforeAll(() => {
  prepareApp();
  removeStyles = addStyles('apps/web/src/app/styles.css');
});
afterAll(() => removeStyles());
afterEach(() => {
  cleanup();
  useInstallPrompt.setState({ offered: undefined });
});

/** What the style sheets' rules naming `selector` (alone or in a list) declare for it, later rules winning. */
function ruleFor(selector: string): { getPropertyValue(name: string): string } {
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText.split(',').map((s) => s.trim()).includes(selector));
  return { getPropertyValue: (name) => rules.map((r) => r.style.getPropertyValue(name)).filter(Boolean).at(-1) ?? '' };
}

describe('tap targets', () => {
  it('the shared rule gives a small control a 44 px tap area around it without changing how it is drawn', () => {
    const around = ruleFor('.tap-target::after');
    expect(around.getPropertyValue('min-width')).toBe('44px');
    expect(around.getPropertyValue('min-height')).toBe('44px');
    expect(around.getPropertyValue('position')).toBe('absolute');
    expect(ruleFor('.tap-target').getPropertyValue('position')).toBe('relative');
  });

  it('an order’s "Pay now" and "Cancel order" have it', async () => {
    renderRoutes(
      { '*': <OrderActions order={{ id: 7, status: 'awaiting_payment', actions: { can_cancel: true, can_pay: true, can_review: false, can_after_sale: false, can_track: false, can_remind: false, can_confirm: false } as never, has_after_sale: false }} /> },
      paths.order.list,
    );
    expect((await screen.findByRole('button', { name: 'Pay now' })).classList).toContain('tap-target');
    expect(screen.getByRole('button', { name: 'Cancel order' }).classList).toContain('tap-target');
  });

  it('a quantity stepper’s − and + reach 44 px on the outer sides', () => {
    renderRoutes({ '*': <QuantityStepper label="Quantity of Teapot" value={1} min={1} max={5} /> }, '/');
    expect(document.querySelector('.adm-stepper')!.classList).toContain('quantity-stepper');
    for (const side of ['minus', 'plus']) expect(ruleFor(`.quantity-stepper .adm-stepper-${side}::after`).getPropertyValue('min-height')).toBe('44px');
    expect(ruleFor('.quantity-stepper .adm-stepper-minus::after').getPropertyValue('right')).toBe('0px');
    expect(ruleFor('.quantity-stepper .adm-stepper-plus::after').getPropertyValue('left')).toBe('0px');
    expect(ruleFor('.quantity-stepper').getPropertyValue('overflow')).toBe('visible');
  });

  it('the install prompt’s "Not now" has it', async () => {
    useNativeShell.setState({ isNativeShell: false });
    useInstallPrompt.setState({ offered: Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' as const }) }) });
    renderRoutes({ '*': <AppDownloadPrompt /> }, paths.tabbar.home);
    expect((await screen.findByRole('button', { name: 'Not now' })).classList).toContain('tap-target');
  });
});
