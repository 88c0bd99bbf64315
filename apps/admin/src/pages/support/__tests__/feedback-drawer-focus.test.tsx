import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Feedback from '../Feedback';

// On /support/feedback, Details opened a modal drawer named only "#1", and every
// fourth Tab put the focus on the page's body, outside the drawer. The drawer is named by what it
// shows ("Feedback #1"), and Tab and Shift+Tab go round inside it.

beforeAll(async () => {
  await initI18n();
});

const feedback = { id: 1, user_id: 3, user_name: 'mia', cate: { id: 2, name: 'Delivery' }, content: 'The parcel came late.', images: [], contact: '', status: 'pending', reply: null, replied_by: null, replied_at: null, created_at: '2026-11-20T10:00:00.000Z' };
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0];
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return ok({ id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'support.feedback'], totp_bound: true });
    if (path === '/admin/api/feedback/list') return ok({ list: [feedback], total: 1, page: 1, limit: 20, has_more: false });
    return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

/** Where Tab may stop in the page, as a browser sees it (jsdom has no Tab of its own). */
const stops = () =>
  [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && !el.closest('[aria-hidden="true"], [hidden]'),
  );

/**
 * Presses Tab (or Shift+Tab) as a person would: the key goes to what has the focus; unless the page
 * takes it, the browser moves the focus to the next stop in the page's order, or past the last one out
 * of the page (to the browser's own bar: the page's body keeps the focus).
 */
function pressTab(shift = false) {
  const from = (document.activeElement ?? document.body) as HTMLElement;
  const go = fireEvent.keyDown(from, { key: 'Tab', code: 'Tab', shiftKey: shift });
  if (!go) return;
  const all = stops();
  const after = all.filter((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = all.filter((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING && !el.contains(from));
  const next = shift ? before.at(-1) : after[0];
  act(() => {
    if (next) next.focus();
    else from.blur();
  });
}

describe('the feedback drawer', () => {
  it('is named by what it shows and keeps Tab and Shift+Tab inside it', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <MemoryRouter>
            <Feedback />
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('open-1'));
    const drawer = await screen.findByRole('dialog');
    // Named by its title (antd's ids are all "test-id" under test: the title is looked up inside the drawer).
    const labelledBy = drawer.getAttribute('aria-labelledby');
    expect(labelledBy && drawer.querySelector(`[id="${labelledBy}"]`)?.textContent).toBe('Feedback #1');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    await within(drawer).findByText('The parcel came late.');
    const inside = stops().filter((el) => drawer.contains(el));
    expect(inside.map((el) => el.textContent || el.getAttribute('aria-label'))).toEqual(['Close', 'Reply', 'Close']);

    // Round and round: never on the page's body, never on the page behind.
    act(() => inside[0]!.focus());
    const visited: Element[] = [];
    for (let i = 0; i < 2 * inside.length + 2; i++) {
      pressTab();
      expect(drawer.contains(document.activeElement), `Tab ${i + 1} on ${document.activeElement?.outerHTML.slice(0, 80)}`).toBe(true);
      visited.push(document.activeElement!);
    }
    expect(new Set(visited).size).toBe(inside.length);

    // Backwards from the first control: to the last.
    act(() => inside[0]!.focus());
    pressTab(true);
    expect(document.activeElement).toBe(inside.at(-1));
    pressTab();
    expect(document.activeElement).toBe(inside[0]);
  });

  it('is the console’s one drawer: no page draws antd’s own, whose trap lets the focus out', () => {
    const src = path.resolve(import.meta.dirname, '../../..');
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/(^|\/)__tests__\//.test(f));
    const own = files.filter((f) => /import \{[^}]*\bDrawer\b[^}]*\} from 'antd'/.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(own).toEqual(['components/ModalDrawer.tsx']);
  });
});
