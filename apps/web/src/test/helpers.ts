import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from '@testing-library/react';
import { loadBundledPacks } from '@shop/contract/packs';
import { registerAntdRender } from '@/lib/antd-render';
import { i18n } from '@/lib/i18n';
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

export type Route = (req: Recorded) => { status?: number; json?: unknown; text?: string; wait?: Promise<void> } | Promise<{ status?: number; json?: unknown; text?: string }>;

/** A small local HTTP server standing in for the API: answers by path, records what it got. */
export async function startFakeApi(routes: Record<string, Route>) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
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
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.text ?? JSON.stringify(answer.json ?? null));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const toastsOnScreen = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.adm-toast-mask'))
    .filter((m) => m.style.display !== 'none')
    .map((m) => m.querySelector('.adm-toast-main')?.textContent ?? '')
    .join('|');

/** Lets React and the toast's animation frame run, in real time (fake timers only fake setTimeout). */
const tick = () => act(async () => {
  await new Promise((r) => setImmediate(r));
});

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
    await tick();
  }
  return toastsOnScreen();
}

/** Clears every toast and waits until none is on screen. */
export async function clearToasts(): Promise<void> {
  const { Toast } = await import('antd-mobile');
  await act(async () => {
    await toastsSettled();
    Toast.clear();
  });
  const until = performance.now() + 1500;
  while (performance.now() < until && document.querySelector('.adm-toast-mask')) await tick();
  document.querySelectorAll('.adm-toast-mask').forEach((m) => m.parentElement?.remove());
}
