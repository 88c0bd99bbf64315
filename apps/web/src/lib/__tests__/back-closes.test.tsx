import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Sheet } from '@/components/sheet';
import { createHashRouter, Link, RouterProvider, type RouteObject } from '@/lib/router';
import { prepareApp } from '@/test/helpers';

// The router's side of Back closing sheets, with the browser's own history: a link inside a sheet,
// and a sheet that must be answered.

beforeAll(() => prepareApp());
afterEach(cleanup);

function ListPage({ dismissable }: { dismissable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1>List</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      <Sheet label="Share" visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} dismissable={dismissable}>
        <Link to="/poster">See the poster</Link>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Sheet>
    </>
  );
}

const routes = (dismissable?: boolean): RouteObject[] => [
  { path: '/', element: <h1>Home</h1> },
  { path: '/list', element: <ListPage dismissable={dismissable} /> },
  { path: '/poster', element: <h1>Poster</h1> },
];

const here = () => window.location.hash.replace(/^#/, '');
const pause = (ms: number) => act(async () => void (await new Promise((r) => setTimeout(r, ms))));
const back = async () => {
  act(() => window.history.back());
  await pause(100);
};
const sheetOpen = () => screen.queryByRole('dialog', { name: 'Share' }) !== null;

async function openList(dismissable?: boolean) {
  window.history.replaceState(null, '', '#/');
  const router = createHashRouter(routes(dismissable));
  render(<RouterProvider router={router} />);
  act(() => router.navigate('/list'));
  fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  await screen.findByRole('dialog', { name: 'Share' });
  await pause(50);
}

describe('Back and a sheet, in the router', () => {
  it('a link inside the sheet still goes on; Back from there shows the page without the sheet, and one more Back leaves it', async () => {
    await openList();
    fireEvent.click(screen.getByRole('link', { name: 'See the poster' }));
    await pause(100);
    expect(here()).toBe('/poster');
    expect(screen.getByRole('heading', { name: 'Poster' })).toBeTruthy();
    await back();
    expect(here()).toBe('/list');
    expect(screen.getByRole('heading', { name: 'List' })).toBeTruthy();
    expect(sheetOpen()).toBe(false);
    await back();
    expect(here()).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('a sheet that must be answered stays open on Back, on its page; answered, the next Back leaves the page', async () => {
    await openList(false);
    await back();
    await pause(100);
    expect(here()).toBe('/list');
    expect(sheetOpen()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await pause(100);
    expect(sheetOpen()).toBe(false);
    await back();
    expect(here()).toBe('/');
  });
});
