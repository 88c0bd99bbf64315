import type { FakeGateway, FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from '../gateway.js';
import { autoPostPage, httpDelivery, notFound, Notifier, randomHex, registerLocalFake, sandboxPage, shownAmount, splitUrl, switchesFromForm, type PageSwitches } from '../sandbox-kit.js';
import { checkSignedCall, fromPurchAmt, openAuthForm, PATHS, resultForm, signedCall, taipeiStamp, type AuthRequest, type AuthResult } from './protocol.js';

// A local CTBC card acquirer for development and tests: the SSL authorisation page (URLEnc in,
// URLResEnc out to AuthResURL), instalments, and the MAC-signed query and refund calls.

interface Auth {
  req: AuthRequest;
  amountMinor: number;
  state: 'pending' | 'approved' | 'declined' | 'canceled';
  xid: string;
  authCode: string;
  decidedAt?: Date;
  refunded: number;
  refunds: Map<string, number>;
}

// Results carry whole dollars and no currency (TWD only), and are refused an hour after the bank's decision.
const pageSwitches = (a: Auth): PageSwitches => ({ amountMinor: a.amountMinor, step: 100, staleSeconds: 2 * 3600 });

export interface FakeCtbcOptions {
  merID: string;
  merchantId: string;
  terminalId: string;
  key: string;
  baseUrl: string;
  deliver?: NotificationDelivery;
  now?: () => Date;
}

const text = (body: string, status = 200): PlainResponse => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body });
const form = (fields: Record<string, string>): PlainResponse => ({ status: 200, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(fields).toString() });

export class FakeCtbc implements FakeGateway {
  readonly name = 'ctbc';
  readonly auths = new Map<string, Auth>();
  switches: FakeNotificationSwitches = {};
  readonly notifier: Notifier;

  constructor(private readonly o: FakeCtbcOptions) {
    this.notifier = new Notifier(o.deliver ?? httpDelivery);
    registerLocalFake(o.baseUrl, this);
  }

  private now = () => (this.o.now ? this.o.now() : new Date());
  private base = () => this.o.baseUrl.replace(/\/+$/, '');

  async handle(req: FakeRequest): Promise<PlainResponse> {
    const { path, query } = splitUrl(req);
    const fields = { ...Object.fromEntries(query), ...Object.fromEntries(new URLSearchParams(req.rawBody.toString('utf8'))) };
    if (path === PATHS.auth) return this.authPage(fields);
    const page = /^\/pay\/(\w+)$/.exec(path);
    if (page && req.method === 'POST') return this.choose(page[1]!, new URLSearchParams(req.rawBody.toString('utf8')));
    if (req.method === 'POST' && path === PATHS.query) return this.query(fields);
    if (req.method === 'POST' && path === PATHS.refund) return this.refund(fields);
    return notFound('Page');
  }

  /** The bank's authorisation page: merID and URLEnc, opened with the key; one authorisation per lidm. */
  private authPage(f: Record<string, string>): PlainResponse {
    if (f.merID !== this.o.merID) return text('Invalid merID', 400);
    const r = openAuthForm(f.URLEnc ?? '', this.o.key);
    if (!r || r.MerchantID !== this.o.merchantId || r.TerminalID !== this.o.terminalId) return text('InMac check failed', 400);
    const amountMinor = fromPurchAmt(r.purchAmt);
    if (amountMinor === undefined || amountMinor <= 0 || (r.txType === '1' && !/^\d{1,2}$/.test(r.Option))) return text('Invalid purchAmt or Option', 400);
    let a = this.auths.get(r.lidm);
    if (a && (a.amountMinor !== amountMinor || a.req.txType !== r.txType || a.req.Option !== r.Option)) return text('lidm already used for another sale', 400);
    if (!a) {
      const { InMac: _mac, ...req } = r;
      a = { req, amountMinor, state: 'pending', xid: `O-${randomHex(12)}`, authCode: String(100000 + Math.floor(Math.random() * 899999)), refunded: 0, refunds: new Map() };
      this.auths.set(r.lidm, a);
    }
    return sandboxPage({
      gateway: 'CTBC',
      action: `${this.base()}/pay/${r.lidm}`,
      hidden: {},
      facts: [
        ['Merchant', `${this.o.merID} / ${r.MerchantID}`],
        ['Order (lidm)', r.lidm],
        ['Amount', shownAmount(amountMinor, 'TWD', 2)],
        ['Instalments', r.txType === '1' ? `${r.Option} months` : 'none'],
        ['State', a.state],
      ],
      switches: pageSwitches(a),
    });
  }

  private result(a: Auth, switches: FakeNotificationSwitches): AuthResult {
    const ok = a.state === 'approved';
    const at = new Date((a.decidedAt ?? this.now()).getTime() - (switches.staleSeconds ?? 0) * 1000);
    return {
      status: ok ? '0' : a.state === 'canceled' ? '8' : '1',
      errcode: ok ? '00' : a.state === 'canceled' ? 'CN' : '05',
      authCode: ok ? a.authCode : '',
      authAmt: ok ? String((switches.amountMinor ?? a.amountMinor) / 100) : '0',
      lidm: a.req.lidm,
      xid: a.xid,
      merID: switches.otherMerchant ? '9999' : this.o.merID,
      Last4digitPAN: ok ? '4242' : '',
      errDesc: ok ? '' : a.state === 'canceled' ? 'Cancelled by the cardholder' : 'Declined',
      Option: a.req.txType === '1' ? a.req.Option : '',
      authTime: taipeiStamp(at),
    };
  }

  private async settle(a: Auth, outcome: 'pay' | 'fail' | 'cancel', switches: FakeNotificationSwitches): Promise<Record<string, string>> {
    if (a.state === 'pending') {
      a.state = outcome === 'pay' ? 'approved' : outcome === 'fail' ? 'declined' : 'canceled';
      a.decidedAt = this.now();
    }
    const fields = resultForm(this.result(a, switches), this.o.key);
    // The shop's AuthResURL gets the result server to server as well as through the browser.
    await this.notifier.send({ url: a.req.AuthResURL, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }, switches);
    return fields;
  }

  private async choose(lidm: string, f: URLSearchParams): Promise<PlainResponse> {
    const choice = f.get('choice');
    if (choice !== 'pay' && choice !== 'fail' && choice !== 'cancel') return text('Choose pay, fail or cancel', 400);
    const a = this.auths.get(lidm);
    if (!a) return notFound('Authorisation');
    const switches = switchesFromForm(f, this.switches, pageSwitches(a));
    const fields = await this.settle(a, choice, switches);
    if (switches.outOfOrder) await this.notifier.flush(switches);
    return autoPostPage(a.req.AuthResURL, fields);
  }

  async decide(ref: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<void> {
    const a = this.auths.get(ref);
    if (a) await this.settle(a, outcome, this.switches);
  }

  async flush(): Promise<void> {
    await this.notifier.flush(this.switches);
  }

  private signed(fields: Record<string, string>) {
    return form(signedCall(fields, this.o.key));
  }

  private query(f: Record<string, string>): PlainResponse {
    const c = checkSignedCall(f, this.o.key);
    if (!c || c.MerchantID !== this.o.merchantId || c.TerminalID !== this.o.terminalId) return this.signed({ RespCode: '96', RespDesc: 'MAC check failed' });
    const a = this.auths.get(c.lidm ?? '');
    if (!a) return this.signed({ RespCode: '25', RespDesc: 'Order not found', lidm: c.lidm ?? '' });
    const r = this.result(a, {});
    return this.signed({ RespCode: '00', RespDesc: 'OK', lidm: a.req.lidm, xid: a.xid, CurrentState: a.state, status: r.status, errcode: r.errcode, authCode: r.authCode, authAmt: String(a.amountMinor / 100), Option: r.Option, RefundedAmt: String(a.refunded / 100) });
  }

  private refund(f: Record<string, string>): PlainResponse {
    const c = checkSignedCall(f, this.o.key);
    if (!c || c.MerchantID !== this.o.merchantId || c.TerminalID !== this.o.terminalId) return this.signed({ RespCode: '96', RespDesc: 'MAC check failed' });
    const a = this.auths.get(c.lidm ?? '');
    const amount = fromPurchAmt(c.RefundAmt);
    if (!a) return this.signed({ RespCode: '25', RespDesc: 'Order not found' });
    if (!c.RefundNo || amount === undefined || amount <= 0) return this.signed({ RespCode: '30', RespDesc: 'Format error' });
    const done = a.refunds.get(c.RefundNo);
    // RefundNo is the refund's idempotency key.
    if (done !== undefined) return done === amount ? this.signed({ RespCode: '00', RespDesc: 'OK', RefundNo: c.RefundNo, RefundAmt: c.RefundAmt ?? '' }) : this.signed({ RespCode: '94', RespDesc: 'Duplicate RefundNo' });
    if (a.state !== 'approved' || a.refunded + amount > a.amountMinor) return this.signed({ RespCode: '13', RespDesc: 'Invalid amount' });
    a.refunds.set(c.RefundNo, amount);
    a.refunded += amount;
    return this.signed({ RespCode: '00', RespDesc: 'OK', RefundNo: c.RefundNo, RefundAmt: c.RefundAmt ?? '' });
  }
}
