import { ClientCode, type AnyEndpoint, type EndpointBodyInput, type EndpointQueryInput, type Envelope } from '@shop/contract/common';

/**
 * What the member app and the operator console share of calling the API: the input a contract
 * entry takes, the envelope read into data or an `ApiError`, and the exchange that asks again with
 * the same idempotency key when an answer is lost or still in progress. Each app's request client
 * (`apps/web/src/lib/request.ts`, `apps/admin/src/lib/request.ts`) adds its headers and its way of
 * telling a person what went wrong. No React, no app state: both apps and their tests import it.
 */

/** What a call sends: its query parameters (GET) or its JSON body (POST), whichever the contract declares. */
export type CallInput<E extends AnyEndpoint> = [EndpointQueryInput<E>] extends [undefined] ? EndpointBodyInput<E> : EndpointQueryInput<E>;

/** The options every app's client understands (each adds its own). */
export interface BaseCallOptions {
  /** A background call: the app shows no message of its own for a failure. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** For calls the contract marks `idempotent`: the key of one user action, the same on every retry. */
  idempotencyKey?: string;
}

/** The arguments after the endpoint: the input may be left out where the contract makes it optional. */
export type CallArgs<E extends AnyEndpoint, O> = undefined extends CallInput<E>
  ? [input?: CallInput<E>, options?: O]
  : Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: O]
    : [input: CallInput<E>, options?: O];

/** `unavailable`: the server could not answer for now (502, 503, 504, or a proxy's page instead of the envelope); the same call may work a moment later. */
export type ApiErrorKind = 'code' | 'http' | 'unavailable' | 'network' | 'timeout' | 'aborted';

/** A call that did not give data. `code` is the envelope's, `status` the HTTP one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const isEnvelope = (v: unknown): v is Envelope => typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';

/**
 * Whether an answer says the server could not answer for now rather than answering the call: a
 * 502/503/504 (a process gone behind the load balancer, its database away), or a 2xx or 5xx answer
 * that is not the envelope (a proxy's HTML page). A 4xx page without the envelope is a proxy
 * refusing this very request (too large, malformed): asking again would get the same.
 */
export function isUnavailable(status: number, payload: unknown): boolean {
  return status === 502 || status === 503 || status === 504 || (!isEnvelope(payload) && (status < 300 || status >= 500));
}

/**
 * An answer's data, or the refusal it is: `code` for an envelope refusing with HTTP 200,
 * `unavailable` for a server that could not answer (`isUnavailable`), `http` for any other status.
 */
export function answerOf(status: number, payload: unknown): { ok: true; data: unknown } | { ok: false; error: ApiError } {
  const envelope = isEnvelope(payload) ? payload : undefined;
  const msg = envelope && typeof envelope.msg === 'string' ? envelope.msg : '';
  if (status === 200 && envelope?.code === 200) return { ok: true, data: envelope.data };
  if (status === 200 && envelope) return { ok: false, error: new ApiError('code', msg, envelope.code, status, envelope.data) };
  // Never a proxy's page as the message: each app says "unavailable" in the person's language.
  if (isUnavailable(status, payload)) return { ok: false, error: new ApiError('unavailable', msg || `HTTP ${status}`, envelope?.code, status, envelope?.data) };
  return { ok: false, error: new ApiError('http', msg || `HTTP ${status}`, envelope?.code, status, envelope?.data) };
}

/** The query string of a GET's input: arrays repeat their key, booleans are 1/0, absent values are left out. */
export function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A fresh `Idempotency-Key` for one user action (random; works on plain http, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Pauses before a call is sent again (a keyed call lost on the way or still in progress; a keyed call or a GET the server could not answer). */
export const IDEMPOTENT_RETRY_DELAYS_MS = [400, 1200];

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `answer`, unless `signal` aborts first. */
const untilAborted = (answer: Promise<Response>, signal: AbortSignal | null | undefined) =>
  new Promise<Response>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    answer.then(resolve, reject);
  });

const parsePayload = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

export interface Exchange {
  url: string;
  init: RequestInit;
  /** The key of the action: with one, a call lost on the way or still in progress is sent again with it. */
  idempotencyKey?: string;
  /** An answer already asked for (the web's first-screen calls), used instead of the first fetch. */
  early?: Promise<Response>;
}

/**
 * Sends one call and reads its answer's JSON (undefined when there is none). A call with an
 * idempotency key is sent again with the same key when it was lost on the way (not when it timed
 * out or was cancelled) or answered "still in progress", up to twice; the same key makes that safe.
 * A keyed call or a GET the server could not answer (`isUnavailable`: a dying process behind the
 * load balancer) is sent again the same way; a POST without a key never is, as it could run twice.
 * Rejects with the fetch's error when the call never got an answer.
 */
export async function exchange({ url, init, idempotencyKey, early }: Exchange): Promise<{ status: number; payload: unknown }> {
  const repeatable = Boolean(idempotencyKey) || (init.method ?? 'GET').toUpperCase() === 'GET';
  for (let attempt = 0; ; attempt++) {
    let status: number;
    let payload: unknown;
    try {
      const first = attempt === 0 ? early : undefined;
      const response = first ? await untilAborted(first, init.signal) : await fetch(url, init);
      status = response.status;
      payload = parsePayload(await response.text());
    } catch (e) {
      if (!idempotencyKey || init.signal?.aborted || attempt >= IDEMPOTENT_RETRY_DELAYS_MS.length) throw e;
      await pause(IDEMPOTENT_RETRY_DELAYS_MS[attempt]!);
      continue;
    }
    const inProgress = Boolean(idempotencyKey) && isEnvelope(payload) && payload.code === ClientCode.requestInProgress;
    const again = inProgress || (repeatable && isUnavailable(status, payload));
    if (!again || init.signal?.aborted || attempt >= IDEMPOTENT_RETRY_DELAYS_MS.length) return { status, payload };
    await pause(IDEMPOTENT_RETRY_DELAYS_MS[attempt]!);
  }
}
