import { theme, type ThemeConfig } from 'antd';

/** The console's theme: its colour and corners, and no animation for an operator who asked for less motion. */
export const consoleTheme = (lessMotion: boolean): ThemeConfig => ({ token: { colorPrimary: '#1f6feb', borderRadius: 6, motion: !lessMotion } });

/**
 * Focus rings antd leaves out, drawn as antd draws every other control's (its focus width, its primary
 * border colour). A sortable column's header is a tab stop that antd styles `outline: none`; its ring
 * is drawn inside the cell, where a scrolling table's frame cannot clip it.
 */
export function FocusRings() {
  const { token } = theme.useToken();
  const ring = `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}`;
  return <style>{`.ant-table-wrapper .ant-table-thead th.ant-table-column-has-sorters:focus-visible { outline: ${ring}; outline-offset: -${token.lineWidthFocus}px; }`}</style>;
}
