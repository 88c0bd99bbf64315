import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider, Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleTheme, FocusRings } from '../FocusRings';

// A sortable column's header is a tab stop: reached with Tab it showed no ring at all (antd draws it
// with `outline: none`), where every other control of the console shows its 3 px ring.

afterEach(cleanup);

/** The style rules that apply to `el` once it has the keyboard's focus and draw an outline. */
const focusOutlines = (el: Element): CSSStyleRule[] =>
  [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText.includes(':focus-visible'))
    .filter((rule) => rule.selectorText.split(',').some((s) => s.includes(':focus-visible') && el.matches(s.replace(/:focus-visible/g, ''))))
    .filter((rule) => (rule.style.outlineStyle || rule.style.outline) && !/none/.test(rule.style.outline || rule.style.outlineStyle));

describe('the console’s focus rings', () => {
  it('ring a sortable column’s header, a tab stop, as wide as the other controls’ rings', () => {
    render(
      <ConfigProvider theme={consoleTheme(false)}>
        <FocusRings />
        <Table rowKey="id" columns={[{ title: 'Amount', dataIndex: 'amount', sorter: true }]} dataSource={[{ id: 1, amount: 'USD 1.00' }]} />
      </ConfigProvider>,
    );
    const header = screen.getByText('Amount').closest('th')!;
    expect(header.tabIndex).toBe(0);
    const rings = focusOutlines(header);
    expect(rings.length).toBeGreaterThan(0);
    const ring = rings.at(-1)!.style;
    expect(ring.outlineWidth || ring.outline).toMatch(/\b3px\b/);
    expect(ring.outlineStyle || ring.outline).toMatch(/solid/);
  });
});
