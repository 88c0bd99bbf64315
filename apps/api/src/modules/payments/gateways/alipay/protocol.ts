import { createSign, createVerify } from 'node:crypto';
import { fromMajorString, toMajorString } from '../gateway.js';

// Alipay's open API on the wire: every request is a set of form fields (common parameters plus a
// JSON `biz_content`) signed RSA2 (SHA256withRSA) with the application's private key over the
// fields sorted by name, `k=v` joined by `&`, empty values and `sign` left out. Answers are JSON
// `{"<method>_response": {...}, "sign": "..."}`, signed by Alipay over the exact text of the
// response node. Notifications are form posts signed over the sorted fields minus `sign` and
// `sign_type`, answered with exactly `success`. Amounts: yuan strings with 2 decimals ("88.88").

export const METHODS = { wapPay: 'alipay.trade.wap.pay', query: 'alipay.trade.query', refund: 'alipay.trade.refund', close: 'alipay.trade.close' } as const;
export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';
export const TRADE_STATUSES: readonly TradeStatus[] = ['WAIT_BUYER_PAY', 'TRADE_CLOSED', 'TRADE_SUCCESS', 'TRADE_FINISHED'];
/** Alipay retries a notification for about 25 hours; an older one is a replay. */
export const NOTIFY_TOLERANCE_SECONDS = 26 * 3600;

/** The string that is signed: sorted `k=v&…` over non-empty fields except those left out. */
export function signContent(fields: Record<string, string>, leaveOut: readonly string[] = ['sign']): string {
  return Object.keys(fields)
    .filter((k) => !leaveOut.includes(k) && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** Signs request fields (everything but `sign` is covered, `sign_type` included). */
export function signRequest(fields: Record<string, string>, privateKeyPem: string): Record<string, string> {
  return { ...fields, sign: rsa2Sign(signContent(fields, ['sign']), privateKeyPem) };
}

/** Checks a request's sign (the fake's side). */
export function verifyRequest(fields: Record<string, string>, publicKeyPem: string): boolean {
  return typeof fields.sign === 'string' && fields.sign_type === 'RSA2' && rsa2Verify(signContent(fields, ['sign']), fields.sign, publicKeyPem);
}

/** Signs notification fields (Alipay's side: `sign` and `sign_type` are not covered). */
export function signNotification(fields: Record<string, string>, privateKeyPem: string): Record<string, string> {
  const withType = { ...fields, sign_type: 'RSA2' };
  return { ...withType, sign: rsa2Sign(signContent(withType, ['sign', 'sign_type']), privateKeyPem) };
}

export function verifyNotificationSign(fields: Record<string, string>, publicKeyPem: string): boolean {
  return typeof fields.sign === 'string' && fields.sign !== '' && fields.sign_type === 'RSA2' && rsa2Verify(signContent(fields, ['sign', 'sign_type']), fields.sign, publicKeyPem);
}

/** "yyyy-MM-dd HH:mm:ss" in China Standard Time, as Alipay writes every time. */
export function chinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}
export function parseChinaTime(s: string): Date | undefined {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(s);
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Yuan string with 2 decimals: 8888 fen → "88.88". CNY only. */
export function yuan(amountMinor: number, currency: string): string {
  if (currency.toUpperCase() !== 'CNY') throw new RangeError(`Alipay takes CNY, not ${currency}`);
  return toMajorString(amountMinor, 'CNY');
}
export function fromYuan(s: unknown): number | undefined {
  if (typeof s !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(s)) return undefined;
  return fromMajorString(s, 'CNY');
}

/** The common parameters of a request of `method`. */
export function requestFields(o: { appId: string; method: string; biz: Record<string, unknown>; notifyUrl?: string; returnUrl?: string; now?: Date }): Record<string, string> {
  return {
    app_id: o.appId,
    method: o.method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: chinaTime(o.now ?? new Date()),
    version: '1.0',
    ...(o.notifyUrl ? { notify_url: o.notifyUrl } : {}),
    ...(o.returnUrl ? { return_url: o.returnUrl } : {}),
    biz_content: JSON.stringify(o.biz),
  };
}

/**
 * The exact text of the JSON value under `key` in an answer (Alipay signs those bytes, not a
 * re-encoding of them); undefined when the answer has none.
 */
export function rawJsonValue(text: string, key: string): string | undefined {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return undefined;
  let i = text.indexOf(':', at + key.length + 2);
  if (i < 0) return undefined;
  i++;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(i, j + 1);
  }
  return undefined;
}

/** An answer's response node once Alipay's sign over its exact text is proven. */
export function verifyAnswer(text: string, method: string, alipayPublicKey: string): Record<string, unknown> | undefined {
  const key = `${method.replace(/\./g, '_')}_response`;
  const node = rawJsonValue(text, key);
  let sign: unknown;
  try {
    sign = (JSON.parse(text) as { sign?: unknown }).sign;
  } catch {
    return undefined;
  }
  if (!node || typeof sign !== 'string' || !rsa2Verify(node, sign, alipayPublicKey)) return undefined;
  return JSON.parse(node) as Record<string, unknown>;
}

/** Writes an answer as Alipay does (the fake's side). */
export function signedAnswer(method: string, node: Record<string, unknown>, alipayPrivateKey: string): string {
  const text = JSON.stringify(node);
  return `{"${method.replace(/\./g, '_')}_response":${text},"sign":"${rsa2Sign(text, alipayPrivateKey)}"}`;
}

/** Form fields of a urlencoded body (a repeated field keeps its first value). */
export function formFields(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) if (!(k in out)) out[k] = v;
  return out;
}
