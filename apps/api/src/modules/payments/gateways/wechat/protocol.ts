import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

// WeChat Pay API v3 on the wire. Requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 …`, an
// RSA-SHA256 signature with the merchant's private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`.
// Answers and notifications carry `Wechatpay-Timestamp/-Nonce/-Signature/-Serial`: RSA-SHA256 with
// the platform's key over `TIMESTAMP\nNONCE\nBODY\n`. A notification's `resource` is AES-256-GCM with
// the merchant's APIv3 key (32 bytes), the resource's nonce and associated data. Amounts: integer fen.

export const SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** How far a notification's or answer's timestamp may be from now. */
export const TOLERANCE_SECONDS = 300;

export const PATHS = {
  h5: '/v3/pay/transactions/h5',
  jsapi: '/v3/pay/transactions/jsapi',
  query: (outTradeNo: string, mchid: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(mchid)}`,
  close: (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
  refund: '/v3/refund/domestic/refunds',
} as const;

export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

export const nonce = () => randomBytes(16).toString('hex').toUpperCase();
export const unixNow = (d = new Date()) => String(Math.floor(d.getTime() / 1000));

export function rsaSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** The request's `Authorization` header. `url` is the path with its query string, as sent. */
export function authorization(o: { method: string; url: string; body: string; mchid: string; serial: string; privateKey: string; timestamp?: string; nonce?: string }): string {
  const ts = o.timestamp ?? unixNow();
  const n = o.nonce ?? nonce();
  const signature = rsaSign(`${o.method}\n${o.url}\n${ts}\n${n}\n${o.body}\n`, o.privateKey);
  return `${SCHEMA} mchid="${o.mchid}",nonce_str="${n}",signature="${signature}",timestamp="${ts}",serial_no="${o.serial}"`;
}

/** Reads an `Authorization` header (the fake's side). */
export function parseAuthorization(header: string | undefined): { mchid: string; nonce: string; signature: string; timestamp: string; serial: string } | undefined {
  if (!header?.startsWith(`${SCHEMA} `)) return undefined;
  const fields = Object.fromEntries([...header.slice(SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return undefined;
  return { mchid, nonce: nonce_str, signature, timestamp, serial: serial_no };
}

/** The `Wechatpay-*` headers over a body (answers and notifications). */
export function signedHeaders(body: string, platformPrivateKey: string, serial: string, timestamp = unixNow(), n = nonce()): Record<string, string> {
  return { 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': n, 'wechatpay-signature': rsaSign(`${timestamp}\n${n}\n${body}\n`, platformPrivateKey), 'wechatpay-serial': serial };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'stale' };

/** Checks `Wechatpay-*` headers over the raw body with the platform key of the named serial, then the timestamp. */
export function verifySignedHeaders(headers: Record<string, string | string[] | undefined>, body: Buffer | string, platformKeys: ReadonlyMap<string, string>, now: Date): SignatureCheck {
  const h = (k: string) => {
    const v = headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const ts = h('wechatpay-timestamp');
  const n = h('wechatpay-nonce');
  const sig = h('wechatpay-signature');
  const serial = h('wechatpay-serial');
  if (!ts || !n || !sig || !serial || !/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'missing_signature' };
  const key = platformKeys.get(serial);
  // A serial we do not know is a key we cannot check against: refused like a bad signature.
  if (!key || !rsaVerify(`${ts}\n${n}\n${body.toString()}\n`, sig, key)) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(now.getTime() / 1000 - Number(ts)) > TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  return { ok: true };
}

/** AES-256-GCM of a notification's resource: base64 of ciphertext followed by the 16-byte tag. */
export function encryptResource(plaintext: string, apiV3Key: string, resourceNonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resourceNonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/** Opens a resource; undefined when the tag (key, nonce, associated data or a byte) does not match. */
export function decryptResource(ciphertext: string, apiV3Key: string, resourceNonce: string, associatedData: string): string | undefined {
  try {
    const data = Buffer.from(ciphertext, 'base64');
    if (data.length < 17) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resourceNonce, 'utf8'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Integer fen on the wire: minor units of CNY are fen already; anything else is refused. */
export function fen(amountMinor: number, currency: string): number {
  if (currency.toUpperCase() !== 'CNY') throw new RangeError(`WeChat Pay takes CNY, not ${currency}`);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError(`not an amount: ${amountMinor}`);
  return amountMinor;
}

/** RFC 3339 in China Standard Time, as WeChat writes `time_expire` and `success_time`. */
export function rfc3339China(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** A transaction as the query answer and the decrypted notification describe it. */
export interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type: 'MWEB' | 'JSAPI';
  trade_state: TradeState;
  trade_state_desc: string;
  success_time?: string;
  amount: { total: number; payer_total?: number; currency: string; payer_currency?: string };
}

export function readTransaction(v: unknown): Transaction | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const t = v as Partial<Transaction>;
  const states: TradeState[] = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'];
  if (typeof t.mchid !== 'string' || typeof t.out_trade_no !== 'string' || !t.out_trade_no || !states.includes(t.trade_state as TradeState)) return undefined;
  if (!t.amount || !Number.isSafeInteger(t.amount.total) || (t.amount.total as number) < 0 || typeof t.amount.currency !== 'string') return undefined;
  return t as Transaction;
}

/** The JSAPI parameters the page hands to `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`. */
export function jsapiParams(appId: string, prepayId: string, privateKey: string, timestamp = unixNow(), n = nonce()): Record<string, string> {
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp: timestamp, nonceStr: n, package: pkg, signType: 'RSA', paySign: rsaSign(`${appId}\n${timestamp}\n${n}\n${pkg}\n`, privateKey) };
}
