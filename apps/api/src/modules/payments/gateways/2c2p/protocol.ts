import { CompactEncrypt, compactDecrypt, CompactSign, compactVerify, importPKCS8, importSPKI, errors as joseErrors } from 'jose';
import { fromMajorString, toMajorString } from '../gateway.js';
import { cutText } from '@shop/contract';

// 2C2P PGW 4.3 on the wire. Every request and answer body is `{"payload": "<JWT>"}`, the JWT signed
// HS256 with the merchant's secret key; an error the gateway raises before it knows the merchant is
// an unsigned `{"respCode": "...", "respDesc": "..."}`. Amounts are decimal major units (1000.00).

export const PGW_VERSION = '4.3';
export const PATHS = { paymentToken: '/payment/4.3/paymentToken', paymentInquiry: '/payment/4.3/paymentInquiry', maintenance: '/PaymentActionV2/PaymentAction.aspx', hostedPage: '/payment/4.3/pay' } as const;

/** Response codes of PGW 4.3 as the shop reads them (decision record 2026-11-23-payment-gateways-asia). */
export const RESP = { success: '0000', pending: '0001', canceled: '0003', inProgress: '2001', notFound: '2002', failed: '4005', invalidMerchant: '9006', duplicateInvoice: '9007', badSignature: '9042' } as const;

export type PgwState = 'succeeded' | 'pending' | 'canceled' | 'failed' | 'not_found';

/** What a payment's respCode means for the shop. */
export function stateOf(respCode: string): PgwState {
  if (respCode === RESP.success) return 'succeeded';
  if (respCode === RESP.pending || respCode === RESP.inProgress) return 'pending';
  if (respCode === RESP.canceled) return 'canceled';
  if (respCode === RESP.notFound) return 'not_found';
  return 'failed';
}

const DECIMAL_FIELDS = new Set(['amount', 'actionAmount']);
const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs claims as a JWT HS256. The payload text is written here (not by a JSON encoder that would
 * print 1000.00 as 1000) so `amount` keeps its two decimals on the wire.
 */
export async function signPayload(claims: Record<string, unknown>, secret: string): Promise<string> {
  // Decimal fields travel as JSON numbers with their decimals: written through a one-off marker.
  const marker = `@${crypto.randomUUID()}@`;
  const json = JSON.stringify(claims, (k, v: unknown) => (DECIMAL_FIELDS.has(k) && typeof v === 'string' && /^\d{1,15}(\.\d{1,2})?$/.test(v) ? `${marker}${v}` : v)).replaceAll(new RegExp(`"${marker}([\\d.]+)"`, 'g'), '$1');
  return new CompactSign(new TextEncoder().encode(json)).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

export type VerifyFailure = 'malformed' | 'bad_signature';

/** Verifies a JWT HS256 with the secret: only HS256 is accepted (`none` and every other algorithm are refused). */
export async function verifyPayload(jwt: unknown, secret: string): Promise<{ ok: true; claims: Record<string, unknown> } | { ok: false; reason: VerifyFailure }> {
  if (typeof jwt !== 'string' || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(jwt)) return { ok: false, reason: 'malformed' };
  try {
    const { payload } = await compactVerify(jwt, key(secret), { algorithms: ['HS256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return { ok: false, reason: 'malformed' };
    return { ok: true, claims: claims as Record<string, unknown> };
  } catch (e) {
    if (e instanceof SyntaxError) return { ok: false, reason: 'malformed' };
    if (e instanceof joseErrors.JOSEError) return { ok: false, reason: 'bad_signature' };
    return { ok: false, reason: 'malformed' };
  }
}

/** Reads `{"payload": "<JWT>"}` from raw bytes and verifies it. */
export async function readSignedBody(raw: Buffer | string, secret: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    return { ok: false as const, reason: 'malformed' as const };
  }
  const jwt = body && typeof body === 'object' ? (body as { payload?: unknown }).payload : undefined;
  if (jwt === undefined) return { ok: false as const, reason: 'malformed' as const };
  return verifyPayload(jwt, secret);
}

/** The wire amount of minor units: 100000 MYR → "1000.00" (a JSON number with its decimals once signed). */
export const wireAmount = (minor: number, currency: string) => toMajorString(minor, currency);
/** The minor units of a wire amount, or undefined when it is not one. */
export function amountFromWire(v: unknown, currency: string): number | undefined {
  if (typeof v !== 'number' && typeof v !== 'string') return undefined;
  try {
    const n = fromMajorString(v, currency);
    return n >= 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

export interface PaymentTokenInput {
  merchantId: string;
  invoiceNo: string;
  description: string;
  amountMinor: number;
  currency: string;
  frontendReturnUrl: string;
  backendReturnUrl: string;
  /** e.g. ["CC"], ["GCARD"]; empty lets the member choose on 2C2P's page. */
  paymentChannel?: string[];
  locale?: string;
}

/** The claims of a Payment Token request. */
export function paymentTokenClaims(i: PaymentTokenInput): Record<string, unknown> {
  if (!/^[A-Za-z0-9]{1,50}$/.test(i.invoiceNo)) throw new RangeError('invoiceNo must be 1–50 letters and digits');
  return {
    merchantID: i.merchantId,
    invoiceNo: i.invoiceNo,
    description: cutText(i.description, 250, 'utf16'),
    amount: wireAmount(i.amountMinor, i.currency),
    currencyCode: i.currency.toUpperCase(),
    ...(i.paymentChannel?.length ? { paymentChannel: i.paymentChannel } : {}),
    ...(i.locale ? { locale: i.locale } : {}),
    frontendReturnUrl: i.frontendReturnUrl,
    backendReturnUrl: i.backendReturnUrl,
  };
}

/** A payment's result as PGW 4.3 reports it (inquiry answer and backend notification share it). */
export interface PaymentResult {
  merchantId: string;
  invoiceNo: string;
  amountMinor: number;
  currency: string;
  respCode: string;
  respDesc: string;
  tranRef: string;
  referenceNo: string;
  transactionDateTime: string;
  channelCode: string;
  approvalCode: string;
}

/** Reads the claims of an inquiry answer or a backend notification; undefined when they are not one. */
export function readPaymentResult(c: Record<string, unknown>): PaymentResult | undefined {
  const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : undefined);
  const currency = typeof c.currencyCode === 'string' && /^[A-Z]{3}$/.test(c.currencyCode) ? c.currencyCode : undefined;
  if (typeof c.merchantID !== 'string' || typeof c.invoiceNo !== 'string' || !c.invoiceNo || typeof c.respCode !== 'string' || !currency) return undefined;
  const amountMinor = amountFromWire(c.amount, currency);
  const fields = [c.respDesc, c.tranRef, c.referenceNo, c.transactionDateTime, c.channelCode, c.approvalCode].map(str);
  if (amountMinor === undefined || fields.some((f) => f === undefined)) return undefined;
  const [respDesc, tranRef, referenceNo, transactionDateTime, channelCode, approvalCode] = fields as string[];
  return { merchantId: c.merchantID, invoiceNo: c.invoiceNo, amountMinor, currency, respCode: c.respCode, respDesc: respDesc!, tranRef: tranRef!, referenceNo: referenceNo!, transactionDateTime: transactionDateTime!, channelCode: channelCode!, approvalCode: approvalCode! };
}

/** The claims a gateway writes for a result (the fake's side, and tests). */
export function paymentResultClaims(r: PaymentResult): Record<string, unknown> {
  return {
    merchantID: r.merchantId,
    invoiceNo: r.invoiceNo,
    amount: wireAmount(r.amountMinor, r.currency),
    currencyCode: r.currency,
    transactionDateTime: r.transactionDateTime,
    agentCode: r.channelCode ? 'SANDBOX' : '',
    channelCode: r.channelCode,
    approvalCode: r.approvalCode,
    referenceNo: r.referenceNo,
    tranRef: r.tranRef,
    respCode: r.respCode,
    respDesc: r.respDesc,
  };
}

/**
 * The browser's return (`paymentResponse`, base64 of JSON): unsigned, so only a hint naming the
 * invoice to inquire about. Undefined when it is not readable.
 */
export function readFrontendReturn(paymentResponse: string): { invoiceNo: string; respCode: string } | undefined {
  try {
    const o = JSON.parse(Buffer.from(paymentResponse, 'base64').toString('utf8')) as { invoiceNo?: unknown; respCode?: unknown };
    if (typeof o.invoiceNo !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(o.invoiceNo)) return undefined;
    return { invoiceNo: o.invoiceNo, respCode: typeof o.respCode === 'string' ? o.respCode : '' };
  } catch {
    return undefined;
  }
}

/** 2C2P's `transactionDateTime` (yyyyMMddHHmmss, UTC here). */
export function transactionDateTime(d: Date): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

// Refunds go through PGW's Payment Maintenance API: an XML request signed by the merchant (JWS
// PS256 with its private key) and encrypted to 2C2P (JWE RSA-OAEP / A256GCM with 2C2P's public
// key); the answer comes back the other way round.

const xmlEscape = (v: string) => v.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `<Root><a>1</a>…</Root>` from flat fields. */
export function toXml(root: string, fields: Record<string, string>): string {
  return `<${root}>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('')}</${root}>`;
}

/** The flat fields of `<Root>…</Root>` (the maintenance API's documents have no nesting we read). */
export function fromXml(root: string, xml: string): Record<string, string> | undefined {
  const m = new RegExp(`^\\s*(?:<\\?xml[^>]*\\?>)?\\s*<${root}>([\\s\\S]*)</${root}>\\s*$`).exec(xml);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const f of m[1]!.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) out[f[1]!] = f[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  return out;
}

/** Signs (PS256, the sender's private key) then encrypts (RSA-OAEP + A256GCM, the receiver's public key) an XML document. */
export async function sealMaintenance(xml: string, senderPrivatePem: string, receiverPublicPem: string): Promise<string> {
  const jws = await new CompactSign(new TextEncoder().encode(xml)).setProtectedHeader({ alg: 'PS256' }).sign(await importPKCS8(senderPrivatePem, 'PS256'));
  return new CompactEncrypt(new TextEncoder().encode(jws)).setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A256GCM' }).encrypt(await importSPKI(receiverPublicPem, 'RSA-OAEP'));
}

/** Decrypts with the receiver's private key and verifies the sender's PS256 signature; undefined when either fails. */
export async function openMaintenance(token: string, receiverPrivatePem: string, senderPublicPem: string): Promise<string | undefined> {
  try {
    const { plaintext } = await compactDecrypt(token.trim(), await importPKCS8(receiverPrivatePem, 'RSA-OAEP'), { keyManagementAlgorithms: ['RSA-OAEP'], contentEncryptionAlgorithms: ['A256GCM'] });
    const { payload } = await compactVerify(new TextDecoder().decode(plaintext), await importSPKI(senderPublicPem, 'PS256'), { algorithms: ['PS256'] });
    return new TextDecoder().decode(payload);
  } catch {
    return undefined;
  }
}

/** A refund request's fields (processType R); our refund reference travels as the idempotency id. */
export function refundRequestXml(i: { merchantId: string; invoiceNo: string; amountMinor: number; currency: string; refundReference: string }): string {
  return toXml('PaymentProcessRequest', { version: '4.3', timeStamp: transactionDateTime(new Date()), merchantID: i.merchantId, processType: 'R', invoiceNo: i.invoiceNo, actionAmount: wireAmount(i.amountMinor, i.currency), idempotencyID: i.refundReference });
}

/** Maintenance answer codes: 00 done; the refund's status RS (settled) or RP (pending). */
export const MAINTENANCE = { ok: '00', refused: '15', notFound: '16' } as const;
