import { createCipheriv, createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';

// CTBC card acquiring (SSL authorisation page, with instalments) as the shop reads the bank's
// merchant kit (decision record 2026-11-23-payment-gateways-asia): the browser posts `merID` and
// `URLEnc` to the bank's page; `URLEnc` is the request's fields (with their `InMac`) encrypted with
// the merchant's 24-character key (3DES-CBC, hex). The result comes back by a form post to
// `AuthResURL` carrying `URLResEnc`, encrypted the same way, whose `OutMac` proves it. Amounts:
// whole New Taiwan dollars (`purchAmt`, no decimals). Installments: txType 1 with the months in
// `Option` (NumberOfPay).

export const PATHS = { auth: '/mauth/SSLAuthUI.jsp', query: '/mauth/AuthQuery', refund: '/mauth/AuthRefund' } as const;

const IV = Buffer.alloc(8, 0);

function keyBytes(key: string): Buffer {
  const k = Buffer.from(key, 'latin1');
  if (k.length !== 24) throw new RangeError('the CTBC key has 24 characters');
  return k;
}

/** 3DES-CBC with the merchant key, hex upper case. */
export function encrypt(text: string, key: string): string {
  const c = createCipheriv('des-ede3-cbc', keyBytes(key), IV);
  return Buffer.concat([c.update(text, 'utf8'), c.final()]).toString('hex').toUpperCase();
}

/** Undefined when the text is not ours (wrong key, changed byte, bad padding). */
export function decrypt(hex: string, key: string): string | undefined {
  if (!/^(?:[0-9A-Fa-f]{16})+$/.test(hex)) return undefined;
  try {
    const d = createDecipheriv('des-ede3-cbc', keyBytes(key), IV);
    const text = Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]);
    const s = text.toString('utf8');
    return Buffer.from(s, 'utf8').equals(text) ? s : undefined;
  } catch {
    return undefined;
  }
}

/** A MAC over `|f1|f2|…|`: SHA-256 of the joined fields, encrypted with the key, its last 48 hex digits. */
export function mac(fields: readonly string[], key: string): string {
  const digest = createHash('sha256').update(`|${fields.join('|')}|`, 'utf8').digest('hex');
  return encrypt(digest, key).slice(-48);
}

export function macEquals(a: string, b: string): boolean {
  const x = Buffer.from(a.toUpperCase());
  const y = Buffer.from(b.toUpperCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whole dollars on the wire: 150000 minor units of TWD → "1500"; cents are refused, never rounded. */
export function purchAmt(amountMinor: number, currency: string): string {
  if (currency.toUpperCase() !== 'TWD') throw new RangeError(`CTBC takes TWD, not ${currency}`);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor % 100 !== 0) throw new RangeError(`CTBC takes whole dollars: ${amountMinor} minor units`);
  return String(amountMinor / 100);
}
export function fromPurchAmt(s: string | undefined): number | undefined {
  return s && /^\d{1,10}$/.test(s) ? Number(s) * 100 : undefined;
}

export interface AuthRequest {
  MerchantID: string;
  TerminalID: string;
  /** Our order number (≤ 19 letters and digits). */
  lidm: string;
  purchAmt: string;
  /** 0 one payment, 1 instalments. */
  txType: '0' | '1';
  /** Instalment months when txType is 1, else empty. */
  Option: string;
  AutoCap: '0' | '1';
  AuthResURL: string;
  OrderDetail: string;
  /** 1 traditional Chinese, 2 simplified, 3 English. */
  Customize: '1' | '2' | '3';
}

export const inMac = (r: AuthRequest, key: string) => mac([r.MerchantID, r.TerminalID, r.lidm, r.purchAmt, r.txType, r.Option], key);

/** The two fields the browser posts to the bank's page. */
export function authForm(merID: string, r: AuthRequest, key: string): { merID: string; URLEnc: string } {
  if (!/^[A-Za-z0-9]{1,19}$/.test(r.lidm)) throw new RangeError('lidm is 1–19 letters and digits');
  const fields = new URLSearchParams({ ...r, InMac: inMac(r, key) });
  return { merID, URLEnc: encrypt(fields.toString(), key) };
}

/** Opens a URLEnc and checks its InMac (the bank's side). */
export function openAuthForm(urlEnc: string, key: string): (AuthRequest & { InMac: string }) | undefined {
  const text = decrypt(urlEnc, key);
  if (text === undefined) return undefined;
  const f = Object.fromEntries(new URLSearchParams(text)) as unknown as AuthRequest & { InMac: string };
  if (!f.MerchantID || !f.lidm || !f.InMac || !macEquals(f.InMac, inMac(f, key))) return undefined;
  return f;
}

/** The authorisation result. status 0 is approved; anything else declined or abandoned. */
export interface AuthResult {
  status: string;
  errcode: string;
  authCode: string;
  authAmt: string;
  lidm: string;
  xid: string;
  merID: string;
  Last4digitPAN: string;
  errDesc: string;
  /** Instalment months of an approved instalment sale. */
  Option: string;
  /** Time the bank decided (yyyyMMddHHmmss, Taipei); stale results are refused. */
  authTime: string;
}

export const outMac = (r: AuthResult, key: string) => mac([r.status, r.errcode, r.authCode, r.authAmt, r.lidm, r.Option, r.Last4digitPAN, r.authTime], key);

/** The form field the bank posts to AuthResURL. */
export function resultForm(r: AuthResult, key: string): { URLResEnc: string } {
  return { URLResEnc: encrypt(new URLSearchParams({ ...r, OutMac: outMac(r, key) }).toString(), key) };
}

export type ResultCheck = { ok: true; result: AuthResult } | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'malformed' | 'stale' };

/** How far a result's authTime may be from now: the browser carries it, so it may be late, never this late. */
export const RESULT_TOLERANCE_SECONDS = 3600;

/** Decrypts URLResEnc and checks OutMac, then the time. */
export function readResult(urlResEnc: string | undefined, key: string, now: Date): ResultCheck {
  if (!urlResEnc) return { ok: false, reason: 'missing_signature' };
  const text = decrypt(urlResEnc, key);
  if (text === undefined) return { ok: false, reason: 'bad_signature' };
  const f = Object.fromEntries(new URLSearchParams(text));
  const keys: (keyof AuthResult)[] = ['status', 'errcode', 'authCode', 'authAmt', 'lidm', 'xid', 'merID', 'Last4digitPAN', 'errDesc', 'Option', 'authTime'];
  const r = Object.fromEntries(keys.map((k) => [k, f[k] ?? ''])) as unknown as AuthResult;
  if (!f.OutMac || !macEquals(f.OutMac, outMac(r, key))) return { ok: false, reason: 'bad_signature' };
  const at = taipeiTime(r.authTime);
  if (!r.lidm || !r.status || !at) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() - at.getTime()) > RESULT_TOLERANCE_SECONDS * 1000) return { ok: false, reason: 'stale' };
  return { ok: true, result: r };
}

/** yyyyMMddHHmmss in Taipei time (UTC+8). */
export function taipeiStamp(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
export function taipeiTime(s: string): Date | undefined {
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(s);
  if (!m) return undefined;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** A query or refund call: form fields with a MAC over `k=v` of each in order, answered the same way. */
export function signedCall(fields: Record<string, string>, key: string): Record<string, string> {
  return { ...fields, MAC: mac(Object.entries(fields).map(([k, v]) => `${k}=${v}`), key) };
}
export function checkSignedCall(fields: Record<string, string>, key: string): Record<string, string> | undefined {
  const { MAC, ...rest } = fields;
  return MAC && macEquals(MAC, mac(Object.entries(rest).map(([k, v]) => `${k}=${v}`), key)) ? rest : undefined;
}
