import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi, toastText, type Route } from '@/test/helpers';
import CharityOrdersPage from '../pages/charity-orders-page';
import CharityPage from '../pages/charity-page';

const cause = { id: 2, title: 'School meals in Kampot', description: 'A warm lunch for every pupil.', image: '', currency: 'USD', min_amount: 500, goal: 1_000_000, raised: 125_000, supporters: 48 };
const yenCause = { ...cause, id: 3, title: 'Books for Osaka libraries', currency: 'JPY', min_amount: 500, raised: 0, supporters: 1 };
let causes = [cause];
let pledgeStatus: 'awaiting_payment' | 'cancelled' = 'awaiting_payment';
/** Answers the pledge calls give before the default success (a refusal, then the corrected pledge's success). */
let pledgeAnswers: ReturnType<Route>[] = [];
const pledge = () => ({ id: 15, order_no: 'L2611230000000015', cause_id: 2, cause_title: cause.title, amount: 2550, currency: 'USD', status: pledgeStatus, message: 'For the kids', created_at: '2026-11-23T10:00:00.000Z', expires_at: '2026-11-23T10:30:00.000Z', paid_at: null });
const api = await startFakeApi({
  '/attractive/lovers/userCenter': () => ok({ given: [{ currency: 'USD', amount: 12_000 }], count: 3, causes_supported: 2, causes }),
  '/attractive/lovers/submitPay': () => pledgeAnswers.shift() ?? ok(pledge()),
  '/attractive/lovers/orderList': () => ok({ list: [pledge()], total: 1, page: 1, limit: 10, has_more: false }),
  '/attractive/lovers/cancelOrder': () => {
    pledgeStatus = 'cancelled';
    return ok(pledge());
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  pledgeStatus = 'awaiting_payment';
  causes = [cause];
  pledgeAnswers = [];
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
  await clearToasts();
});
afterEach(() => cleanup());

const renderAt = (path: string) =>
  renderRoutes(
    {
      [paths.charity.index]: <CharityPage />,
      [paths.charity.orders]: <CharityOrdersPage />,
      [paths.goods.payNext]: <p>pay next</p>,
    },
    path,
  );

describe('charity pages', () => {
  it('shows what the member has given and the causes; a pledge checks its amount and goes on to payment', async () => {
    const router = renderAt(paths.charity.index);
    expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('48 supporters', { exact: false })).toBeTruthy();
    // The limits are on screen as money, before anything is typed.
    expect(screen.queryByText('At least $5.00 · At most $1,000,000.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('Please enter Amount');
    await clearToasts();
    fireEvent.change(amount, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('At least $5.00');
    await clearToasts();
    fireEvent.change(amount, { target: { value: '25.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('Please enter a valid amount (up to 2 decimals for USD)');
    await clearToasts();
    expect(api.requests.some((r) => r.url === '/attractive/lovers/submitPay')).toBe(false);
    fireEvent.change(amount, { target: { value: '25.50' } });
    fireEvent.change(screen.getByPlaceholderText('Message (optional)'), { target: { value: 'For the kids' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(router.state.location.search).toBe('?order_id=15&order_type=charity');
    const sent = api.requests.filter((r) => r.url === '/attractive/lovers/submitPay').map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ cause_id: 2, amount: 2550, message: 'For the kids' }]);
  });

  it('reads the amount in the member\'s own number format: "25,50" in Hungarian pledges 25.50, not 2550', async () => {
    await i18n.changeLanguage('hu');
    try {
      const router = renderAt(paths.charity.index);
      expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: i18n.t('orders.charity.pledge') }));
      fireEvent.change(screen.getByRole('textbox', { name: i18n.t('orders.charity.amount') }), { target: { value: '25,50' } });
      fireEvent.click(screen.getByRole('button', { name: i18n.t('orders.charity.pledge') }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
      const sent = api.requests.filter((r) => r.url === '/attractive/lovers/submitPay').map((r) => JSON.parse(r.body) as { amount: number });
      expect(sent.at(-1)!.amount).toBe(2550);
    } finally {
      await i18n.changeLanguage('en-us');
    }
  });

  it('says what is wrong with the amount typed: nothing above zero, the format with an example, the cause currency’s decimals, and the limits as money', async () => {
    renderAt(paths.charity.index);
    expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    // The field shows the format expected with an example, and the limits of a pledge as money.
    expect(amount.getAttribute('placeholder')).toBe('e.g. 10,000.50');
    expect(screen.getByText('At least $5.00 · At most $1,000,000.00')).toBeTruthy();
    const refusalOf = async (typed: string) => {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
      const text = await toastText();
      await clearToasts();
      return text;
    };
    expect(await refusalOf('-5')).toBe('Enter an amount greater than zero');
    expect(await refusalOf('0')).toBe('Enter an amount greater than zero');
    expect(await refusalOf('0.00')).toBe('Enter an amount greater than zero');
    expect(await refusalOf('5.5.5')).toBe('Please enter the amount like 10,000.50, with up to 2 decimals');
    expect(await refusalOf('5.505')).toBe('Please enter a valid amount (up to 2 decimals for USD)');
    expect(await refusalOf('2000000')).toBe('At most $1,000,000.00');
    expect(await refusalOf('1,000,000.01')).toBe('At most $1,000,000.00');
    expect(api.requests.some((r) => r.url === '/attractive/lovers/submitPay')).toBe(false);
  });

  it('a cause in yen takes whole amounts: "5.5" is refused naming yen, not "2 decimals"', async () => {
    causes = [yenCause];
    renderAt(paths.charity.index);
    expect(await screen.findByText('Books for Osaka libraries')).toBeTruthy();
    // One supporter is singular ("1 supporters" before).
    expect(screen.getByText(/· 1 supporter$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '5.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('JPY takes whole amounts only, without decimals');
    expect(api.requests.some((r) => r.url === '/attractive/lovers/submitPay')).toBe(false);
  });

  it('in Hungarian the largest pledge is said as money in the member’s format, never in minor units', async () => {
    await i18n.changeLanguage('hu');
    try {
      renderAt(paths.charity.index);
      expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: i18n.t('orders.charity.pledge') }));
      fireEvent.change(screen.getByRole('textbox', { name: i18n.t('orders.charity.amount') }), { target: { value: '2 000 000' } });
      fireEvent.click(screen.getByRole('button', { name: i18n.t('orders.charity.pledge') }));
      const text = await toastText();
      expect(text.replace(/\s/g, ' ')).toMatch(/^Legfeljebb 1 000 000,00/);
      expect(text).not.toContain('100000000');
    } finally {
      await i18n.changeLanguage('en-us');
    }
  });

  it('after a refusal (the cause’s or the field’s) the corrected pledge and a pledge to another cause are new requests with their own keys', async () => {
    causes = [cause, { ...cause, id: 4, title: 'Wells in Kampong Speu' }];
    pledgeAnswers = [
      { json: { code: 5032, msg: 'The smallest donation is 30.00 USD', data: null } },
      { status: 422, json: { code: 422, msg: 'Message is too long', data: null } },
    ];
    const router = renderAt(paths.charity.index);
    expect(await screen.findByText('Wells in Kampong Speu')).toBeTruthy();
    const causeArticle = (id: number) => document.querySelector<HTMLElement>(`[data-cause="${id}"]`)!;
    const pledgeIn = async (id: number, typed: string) => {
      const open = causeArticle(id).querySelector('button')!;
      if (open.textContent === 'Pledge' && !causeArticle(id).querySelector('input')) fireEvent.click(open);
      const field = await waitFor(() => causeArticle(id).querySelector('input')!);
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click([...causeArticle(id).querySelectorAll('button')].find((b) => b.textContent === 'Pledge')!);
    };
    await pledgeIn(2, '25');
    expect(await toastText()).toBe('The smallest donation is 30.00 USD');
    await clearToasts();
    await pledgeIn(2, '30');
    expect(await toastText()).toBe('Message is too long');
    await clearToasts();
    await pledgeIn(4, '30');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    const sent = api.requests.filter((r) => r.url === '/attractive/lovers/submitPay');
    expect(sent.map((r) => JSON.parse(r.body) as { cause_id: number; amount: number }).map((b) => [b.cause_id, b.amount])).toEqual([
      [2, 2500],
      [2, 3000],
      [4, 3000],
    ]);
    const keys = sent.map((r) => r.headers['idempotency-key']);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('a pledge whose answer was lost is sent again with the same key when the member taps again', async () => {
    // The API's connection dies before any answer to the first tap (and the client's own retries).
    const seen: { key: string | undefined; body: string }[] = [];
    let drops = 3;
    const server = http.createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') return void res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '' }).end();
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        const send = (answer: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        if (path === '/attractive/lovers/userCenter') return send(ok({ given: [], count: 0, causes_supported: 0, causes: [cause] }).json);
        if (path !== '/attractive/lovers/submitPay') return void res.writeHead(404).end();
        seen.push({ key: req.headers['idempotency-key'] as string | undefined, body });
        if (drops-- > 0) return void req.socket.destroy();
        send(ok(pledge()).json);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      window.SHOP_CONFIG = { api: { default: url, cn: url } };
      const router = renderAt(paths.charity.index);
      expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '25.50' } });
      fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
      await waitFor(() => expect(seen).toHaveLength(3), { timeout: 5000 });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Pledge' }).className).not.toContain('adm-button-loading'));
      await clearToasts();
      fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
      expect(new Set(seen.map((s) => s.key)).size).toBe(1);
      expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 15_000);

  it('lists the pledges; an unpaid one is cancelled after asking', async () => {
    renderAt(paths.charity.orders);
    expect(await screen.findByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText('$25.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel pledge' }));
    fireEvent.click(await screen.findByText('Yes'));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel pledge' })).toBeNull();
    expect(api.requests.filter((r) => r.url === '/attractive/lovers/cancelOrder').map((r) => JSON.parse(r.body))).toEqual([{ id: 15 }]);
  });
});
