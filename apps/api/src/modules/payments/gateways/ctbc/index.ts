import { z } from 'zod';
import type { WebhookRejection } from '../../../../webhooks/provider.js';
import type { GatewayCreateInput, GatewayCreateResult, GatewayDefinition, GatewayInquiry, GatewayPaymentStatus, GatewayRefundInput, GatewayRefundResult, GatewayVerification, PaymentGateway, PlainResponse } from '../gateway.js';
import { GatewayError, httpClient, type HttpClient } from '../sandbox-kit.js';
import { FakeCtbc } from './fake.js';
import { authForm, checkSignedCall, fromPurchAmt, PATHS, purchAmt, readResult, signedCall, taipeiTime } from './protocol.js';

// CTBC card acquiring for wallet top-ups: one payment or instalments on the bank's SSL page, the
// result posted back to the shop (AuthResURL = /webhooks/ctbc), query and refund by MAC-signed form.
// No `cancel`: the kit as we read it (protocol.ts: page, query, refund) has no call that stops an
// unpaid page. An authorisation exists at the bank only once the cardholder submits the page, and
// undoing an approved one is giving back money already taken, which the shop does as a refund. A
// top-up the shop ended can still be paid on a page left open: that success is owed back, flagged
// and refunded.

const env = z.object({
  /** The bank's merchant numbers: merID (the page's), MerchantID and TerminalID (the MAC's). */
  CTBC_MER_ID: z.string().optional(),
  CTBC_MERCHANT_ID: z.string().optional(),
  CTBC_TERMINAL_ID: z.string().optional(),
  /** The 24-character key of the merchant kit (3DES and MAC). */
  CTBC_KEY: z.string().length(24).optional(),
  /** The bank's host, e.g. https://testepos.ctbcbank.com (test) or https://epos.ctbcbank.com. */
  CTBC_URL: z.string().url().optional(),
  /** Where the browser goes after the result reached the shop (the top-up records page by default). */
  CTBC_RETURN_URL: z.string().url().optional(),
});
type Settings = z.infer<typeof env>;
type Ready = { [K in keyof Settings]-?: string };

const INQUIRY: Record<string, GatewayPaymentStatus> = { approved: 'succeeded', declined: 'failed', canceled: 'canceled', pending: 'pending' };

export class CtbcGateway implements PaymentGateway {
  readonly name = 'ctbc';
  readonly methods = [
    { method: 'ctbc_card' as const, currencies: ['TWD'] },
    { method: 'ctbc_installment' as const, currencies: ['TWD'] },
  ];
  readonly merchantId: string;

  constructor(
    private readonly s: Ready,
    readonly sandbox: boolean,
    private readonly http: HttpClient = httpClient,
  ) {
    this.merchantId = s.CTBC_MER_ID;
  }

  private async call(path: string, fields: Record<string, string>): Promise<Record<string, string>> {
    const res = await this.http({ method: 'POST', url: `${this.s.CTBC_URL}${path}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(signedCall({ MerchantID: this.s.CTBC_MERCHANT_ID, TerminalID: this.s.CTBC_TERMINAL_ID, ...fields }, this.s.CTBC_KEY)).toString() });
    const answer = res.status === 200 ? checkSignedCall(Object.fromEntries(new URLSearchParams(res.body)), this.s.CTBC_KEY) : undefined;
    if (!answer) throw new GatewayError(this.name, `answer missing or its MAC wrong (HTTP ${res.status})`);
    return answer;
  }

  async create(input: GatewayCreateInput): Promise<GatewayCreateResult> {
    const months = input.method === 'ctbc_installment' ? Number(input.options?.instalments) : 0;
    if (input.method === 'ctbc_installment' && !(Number.isInteger(months) && months >= 2 && months <= 36)) throw new GatewayError(this.name, 'instalments need 2–36 months');
    const { merID, URLEnc } = authForm(
      this.s.CTBC_MER_ID,
      {
        MerchantID: this.s.CTBC_MERCHANT_ID,
        TerminalID: this.s.CTBC_TERMINAL_ID,
        lidm: input.reference,
        purchAmt: purchAmt(input.amountMinor, input.currency),
        txType: months ? '1' : '0',
        Option: months ? String(months) : '',
        AutoCap: '1',
        AuthResURL: input.notifyUrl,
        OrderDetail: input.description.slice(0, 60),
        Customize: '1',
      },
      this.s.CTBC_KEY,
    );
    const action = `${this.s.CTBC_URL}${PATHS.auth}`;
    return { providerRef: input.reference, redirectUrl: `${action}?${new URLSearchParams({ merID, URLEnc }).toString()}`, sdkParams: { formAction: action, merID, URLEnc }, status: 'pending' };
  }

  async inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry> {
    const r = await this.call(PATHS.query, { lidm: input.reference });
    if (r.RespCode === '25') throw new GatewayError(this.name, 'order not found', '25');
    const amount = fromPurchAmt(r.authAmt);
    if (r.RespCode !== '00' || r.lidm !== input.reference || amount === undefined || !r.CurrentState || !(r.CurrentState in INQUIRY)) throw new GatewayError(this.name, `query refused: ${r.RespDesc ?? r.RespCode}`, r.RespCode);
    return { ...(r.xid ? { transactionRef: r.xid } : {}), status: INQUIRY[r.CurrentState]!, amountMinor: amount, currency: 'TWD', merchant: this.merchantId };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefundResult> {
    const r = await this.call(PATHS.refund, { lidm: input.paymentReference, RefundNo: input.reference, RefundAmt: purchAmt(input.amountMinor, input.currency) });
    return r.RespCode === '00' ? { refundRef: input.reference, status: 'succeeded' } : { refundRef: input.reference, status: 'failed', reason: `RespCode ${r.RespCode}` };
  }

  verifyNotification(rawBody: Buffer, _headers: Record<string, string | string[] | undefined>, now: Date): GatewayVerification {
    const f = new URLSearchParams(rawBody.toString('utf8'));
    const check = readResult(f.get('URLResEnc') ?? undefined, this.s.CTBC_KEY, now);
    if (!check.ok) return check;
    const r = check.result;
    if (r.merID !== this.s.CTBC_MER_ID) return { ok: false, reason: 'wrong_merchant' };
    const approved = r.status === '0';
    const amount = fromPurchAmt(r.authAmt);
    if (approved && amount === undefined) return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      notification: {
        eventId: `${r.lidm}:${r.status}:${r.xid}`,
        type: `auth.${approved ? 'approved' : r.status === '8' ? 'canceled' : 'declined'}`,
        kind: 'payment',
        reference: r.lidm,
        ...(r.xid ? { transactionRef: r.xid } : {}),
        status: approved ? 'succeeded' : r.status === '8' ? 'canceled' : 'failed',
        ...(approved ? { amountMinor: amount!, currency: 'TWD' } : {}),
        merchant: r.merID,
        occurredAt: taipeiTime(r.authTime)!,
        payload: { ...r, Last4digitPAN: r.Last4digitPAN ? `****${r.Last4digitPAN}` : '' },
      },
    };
  }

  /** The result arrives through the member's browser as well: it is sent on to the shop's page. */
  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse {
    if (outcome === 'accepted' || outcome === 'duplicate') return { status: 303, headers: { location: this.s.CTBC_RETURN_URL } };
    return { status: outcome === 'rejected' ? (reason === 'malformed' ? 400 : 401) : 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: outcome === 'rejected' ? 'Result refused' : 'Try again later' };
  }
}

export const ctbcDefinition: GatewayDefinition<Settings> = {
  name: 'ctbc',
  envPrefix: 'CTBC',
  env,
  requiredLive: ['CTBC_MER_ID', 'CTBC_MERCHANT_ID', 'CTBC_TERMINAL_ID', 'CTBC_KEY', 'CTBC_URL'],
  create(s, mode, ctx) {
    return new CtbcGateway({ ...(s as Ready), CTBC_URL: s.CTBC_URL!.replace(/\/+$/, ''), CTBC_RETURN_URL: s.CTBC_RETURN_URL ?? `${ctx.publicUrl}/h5/#/pages/my/rechargeList` }, mode === 'sandbox');
  },
  sandbox(s, ctx) {
    return new FakeCtbc({ merID: s.CTBC_MER_ID!, merchantId: s.CTBC_MERCHANT_ID!, terminalId: s.CTBC_TERMINAL_ID!, key: s.CTBC_KEY!, baseUrl: ctx.sandboxUrl, ...(ctx.deliver ? { deliver: ctx.deliver } : {}) });
  },
  sandboxDefaults(ctx) {
    return { CTBC_MER_ID: '9001', CTBC_MERCHANT_ID: '8220000000001', CTBC_TERMINAL_ID: '99000001', CTBC_KEY: 'SandboxCtbcKey0123456789', CTBC_URL: ctx.sandboxUrl, CTBC_RETURN_URL: `${ctx.publicUrl}/h5/#/pages/my/rechargeList` };
  },
};
