import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElement, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Root } from 'react-dom/client';
import { allEndpoints, userSchema, type User } from '@shop/contract';
import { loadBundledPacks } from '@shop/contract/packs';
import { registerAntdRender } from '@/lib/antd-render';
import { i18n } from '@/lib/i18n';
import { createMemoryRouter, RouterProvider, type RouteObject } from '@/lib/router';
import { toastsSettled } from '@/lib/toast';

let prepared = false;

/** What every web test needs: antd-mobile rendering through React 19 and the real English texts. */
export function prepareApp(): void {
  if (prepared) return;
  prepared = true;
  registerAntdRender();
  const packs = loadBundledPacks();
  for (const [lang, pack] of Object.entries(packs)) i18n.addResourceBundle(lang, 'translation', pack, true, true);
  void i18n.changeLanguage('en-us');
}

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A successful envelope around `data`. */
export const ok = (data: unknown) => ({ json: { code: 200, msg: 'Success', data } });

/** A member as the API answers it, checked by the contract's schema. */
export const memberFixture = (fields: Partial<User> = {}): User =>
  userSchema.parse({
    id: 7,
    user_name: 'mia2026',
    nickname: 'Mia',
    true_name: null,
    email: 'mia@example.com',
    mobile_pre: null,
    mobile: null,
    avatar: null,
    invite_code: 'MIA7',
    country: null,
    last_order_ids: [],
    has_pay_password: false,
    google_bound: false,
    real_name_status: 'none',
    created_at: '2026-11-21T09:00:00.000Z',
    ...fields,
  });

/**
 * Where a fake answer breaks the contract: a successful envelope whose `data` the endpoint's schema
 * refuses. A fake API that answers what the real one cannot would let a test pass for a page that
 * fails in use.
 */
export function contractViolation(method: string, path: string, answer: unknown): string | undefined {
  const endpoint = allEndpoints.find((e) => e.method === method && e.path === path);
  if (!endpoint?.data || typeof answer !== 'object' || answer === null || (answer as { code?: unknown }).code !== 200) return undefined;
  const checked = endpoint.data.safeParse((answer as { data?: unknown }).data);
  return checked.success ? undefined : `${method} ${path}: ${checked.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ')}`;
}

export type Route = (req: Recorded) => { status?: number; json?: unknown; text?: string; wait?: Promise<void> } | Promise<{ status?: number; json?: unknown; text?: string }>;

/**
 * A small local HTTP server standing in for the API: answers by path, records what it got. Every
 * successful answer of a contract call is checked against the call's `data` schema; `close()`
 * fails the test with the answers that broke it.
 */
export async function startFakeApi(routes: Record<string, Route>) {
  const requests: Recorded[] = [];
  const violations: string[] = [];
  const server = http.createServer((req, res) => {
    // The page's origin is not the fake API's: the browser's XMLHttpRequest (uploads) asks first, as a
    // browser asks the real API when it is served elsewhere. The question is answered, not recorded.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '' }).end();
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      const rec: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(rec);
      const path = (req.url ?? '').split('?')[0]!;
      const route = routes[path];
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"msg":"Not found","data":null}');
        return;
      }
      const answer = await route(rec);
      if ('wait' in answer && answer.wait) await answer.wait;
      if ((answer.status ?? 200) === 200 && answer.json !== undefined) {
        const violation = contractViolation(rec.method, path, answer.json);
        if (violation) violations.push(violation);
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.text ?? JSON.stringify(answer.json ?? null));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    violations,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      if (violations.length) throw new Error(`The fake API answered outside the contract:\n${violations.join('\n')}`);
    },
  };
}

const toastsOnScreen = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.adm-toast-mask'))
    .filter((m) => m.style.display !== 'none')
    .map((m) => m.querySelector('.adm-toast-main')?.textContent ?? '')
    .join('|');

/** The real setTimeout, taken before any test fakes the timers. */
const realSetTimeout = globalThis.setTimeout;
/** Lets React and the page's animation frames run for `ms` of real time: a poll that does not spin on the page. */
const pause = (ms: number) =>
  act(async () => {
    await new Promise((r) => realSetTimeout(r, ms));
  });

/**
 * The refusal a submit shows under the field it stopped at (an alert, `useFieldProblem`), '' when none
 * appears within `withinMs`. Such a refusal is never a toast as well: none is on screen.
 */
export async function fieldRefusal(withinMs = 1000): Promise<string> {
  const shown = () => document.querySelector('.adm-form-item-feedback-error[role="alert"]')?.textContent ?? '';
  const until = performance.now() + withinMs;
  while (!shown() && performance.now() < until) await pause(10);
  if (shown() && toastsOnScreen()) throw new Error(`a toast says "${toastsOnScreen()}" beside the field's refusal "${shown()}"`);
  return shown();
}

/**
 * The text of the toast on screen, '' when none appears within `withinMs` (real time: the toast's
 * code and its first animation frame take a moment).
 */
export async function toastText(withinMs = 400): Promise<string> {
  await act(async () => {
    await toastsSettled();
  });
  const until = performance.now() + withinMs;
  while (performance.now() < until) {
    const text = toastsOnScreen();
    if (text) return text;
    await pause(10);
  }
  return toastsOnScreen();
}

/**
 * Waits until `present()` answers nothing, a tenth of a second at a time inside act, for at most
 * `ms`; fails if it is still there. For what antd-mobile's dialogs close: a dialog tapped just as it
 * appeared closes on a spring that Testing Library's `waitFor` alone sometimes never saw finish (the
 * test then failed after ten seconds with the dialog still in the page).
 */
export async function untilGone(present: () => unknown, ms = 10_000): Promise<void> {
  const until = performance.now() + ms;
  while (present() && performance.now() < until) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
  }
  if (present()) throw new Error(`still on the page after ${ms} ms`);
}

/** Whether `el` is drawn: still in the page, with nothing around it hidden. */
const drawn = (el: Element) => el.isConnected && el.closest('[style*="display: none"]') === null;

/** A dialog still closing: drawn, its fade not yet ended (one faded out only waits to be taken down). */
const dialogClosing = (dialog: Element) => drawn(dialog) && dialog.querySelector<HTMLElement>('.adm-center-popup-wrap > div')?.style.opacity !== '0';

/** The containers of the roots antd-mobile drew its toasts and dialogs in (`lib/antd-render.ts`), still in the page. */
const imperativeRoots = () => Array.from(document.body.children).filter((c): c is Element & { _shopRoot: Root } => (c as { _shopRoot?: Root })._shopRoot !== undefined);

/**
 * Clears every toast and every dialog opened imperatively (both live outside the rendered tree, so
 * Testing Library's cleanup leaves them) through antd-mobile's own calls, and waits until they are
 * gone. Their nodes are React's: one removed under it makes React's own removal fail later, in another
 * test ("The node to be removed is not a child of this node"). A toast shown meanwhile (a request
 * answered as the test ends) is cleared in turn; a dialog whose closing ended without antd-mobile
 * taking it down has its root unmounted through React, which removes its own nodes. With
 * `dialogs: false` only the toasts go: a test still answering a dialog clears a toast it has read.
 */
export async function clearToasts({ dialogs = true }: { dialogs?: boolean } = {}): Promise<void> {
  const { Dialog, Toast } = await import('antd-mobile');
  const waiting = () => document.querySelector('.adm-toast-mask') !== null || (dialogs && Array.from(document.querySelectorAll('.adm-dialog')).some(dialogClosing));
  const until = performance.now() + 3000;
  do {
    await act(async () => {
      await toastsSettled();
      Toast.clear();
      if (dialogs) Dialog.clear();
    });
    if (!waiting()) break;
    await pause(10);
  } while (performance.now() < until);
  const left = dialogs ? imperativeRoots() : [];
  if (!left.length) return;
  act(() => {
    for (const container of left) {
      container._shopRoot.unmount();
      delete (container as { _shopRoot?: Root })._shopRoot;
    }
  });
  // The containers are antd-mobile's, empty now: it removes them the same way once it has unmounted.
  left.forEach((container) => container.remove());
}

/**
 * Renders pages at `path` with the app's router, texts and a fresh query client (no retries);
 * `pages` maps each path to what it shows. Answers the router, to read the address bar.
 */
export function renderRoutes(pages: Record<string, ReactNode>, path: string) {
  return renderRouter(
    Object.entries(pages).map(([route, element]) => ({ path: route, element })),
    path,
  );
}

/** The same for routes with layouts (a frame around its children), opened at `path`; answers the router. */
export function renderRouter(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(createElement(QueryClientProvider, { client }, createElement(RouterProvider, { router })));
  return router;
}

/** Collects promise rejections nobody handled while `run` runs (a refusal thrown again as a page error). */
export async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const note = (e: unknown) => seen.push(e);
  process.on('unhandledRejection', note);
  try {
    await run();
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    process.off('unhandledRejection', note);
  }
  return seen;
}
