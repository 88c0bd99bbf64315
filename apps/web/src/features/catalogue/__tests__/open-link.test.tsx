import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { prepareApp, renderRoutes } from '@/test/helpers';
import { useOpenLink } from '../pages/home-page';

// A banner's or popup's link as the shop wrote it: a page of the app is opened, a web address opens
// outside, and anything else (a link saved before links were checked, `javascript:` …) goes nowhere.

beforeAll(() => prepareApp());
afterEach(() => cleanup());

function Links() {
  const open = useOpenLink();
  return (
    <>
      <button type="button" onClick={() => open('javascript:alert(document.cookie)')}>script</button>
      <button type="button" onClick={() => open('pages/goods/goodsInfo?id=3')}>relative</button>
      <button type="button" onClick={() => open('/pages/goods/goodsInfo?id=3')}>page</button>
    </>
  );
}

describe('a link the shop wrote', () => {
  it('opens a page of the app, and nothing for a link that is neither a page nor a web address', async () => {
    const router = renderRoutes({ '/pages/tabbar/index': <Links />, '/pages/goods/goodsInfo': <p>goods page</p>, '*': <p>not found</p> }, '/pages/tabbar/index');
    fireEvent.click(await screen.findByText('script'));
    fireEvent.click(screen.getByText('relative'));
    expect(router.state.location.pathname).toBe('/pages/tabbar/index');
    fireEvent.click(screen.getByText('page'));
    expect(await screen.findByText('goods page')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=3');
  });
});
