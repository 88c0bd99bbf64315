import { ClientCode, type AnyEndpoint, type EndpointData } from '@shop/contract/common';
import { answerOf, ApiError, exchange, newIdempotencyKey, queryString, type BaseCallOptions, type CallArgs } from '@shop/client/call';
import { i18n } from './i18n';
import { sessionStore } from './session';

/**
 * The console's request client: the member app's exchange and envelope (`@shop/client/call`) with
 * the operator's token and the console's language. Failures are `ApiError`s whose message the page
 * shows where the operator acted (the console has no toasts of its own); a 2001/2002 answer to an
 * operator call ends the session, and the sign-in page says why.
 */

export { ApiError, newIdempotencyKey };
/** `token`: a session not yet kept (the first sign-in's, before its authenticator is confirmed). */
export type CallOptions = BaseCallOptions & { token?: string };

/** A GET's filters as the console sends them: a filter left empty is no filter. */
const filled = (input: unknown) => (input && typeof input === 'object' ? Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '')) : input);

function headersOf(endpoint: AnyEndpoint, idempotencyKey?: string, sessionToken?: string): Record<string, string> {
  const token = sessionToken ?? sessionStore.get().token;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language, 'think-lang': i18n.language };
  if (endpoint.auth !== 'none' && token) headers.Authorization = `Bearer ${token}`;
  if (endpoint.method === 'POST') headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  return headers;
}

/** The session token a call was sent with (null: none). */
const sentToken = (init: RequestInit): string | null => (init.headers as Record<string, string> | undefined)?.Authorization?.replace(/^Bearer /, '') ?? null;

/**
 * The data of an answer, or the refusal it is (a session that ended goes back to the sign-in page, in
 * every tab). `sentWith`: the token the call carried; a late refusal of an earlier session's call
 * (another operator signed in meanwhile, here or in another tab) does not end the current one.
 */
function dataOf(endpoint: AnyEndpoint, status: number, payload: unknown, sentWith: string | null): unknown {
  const answer = answerOf(status, payload);
  if (answer.ok) return answer.data;
  const { error } = answer;
  if (endpoint.auth === 'operator' && (error.code === ClientCode.tokenInvalid || error.code === ClientCode.loginRequired) && sentWith === sessionStore.get().token) sessionStore.end('expired');
  // A process gone or busy (502/503/504, or a proxy's page), still after the retries of a call that may be sent again: said in the console's language.
  if (error.kind === 'unavailable') throw new ApiError(error.kind, i18n.t('console.common.unavailable'), error.code, status);
  // No envelope at all (a proxy's page instead of the API's answer): the server was not reached.
  if (error.code === undefined) throw new ApiError(error.kind, i18n.t('console.common.network'), undefined, status);
  throw error;
}

/** Sends one call and answers its data; a call that got no answer is a network `ApiError`. */
async function send(endpoint: AnyEndpoint, url: string, init: RequestInit, idempotencyKey?: string): Promise<unknown> {
  let answer: { status: number; payload: unknown };
  try {
    // Sent again when lost only where the server answers a repeat with its first answer.
    answer = await exchange({ url, init, idempotencyKey: endpoint.idempotent ? idempotencyKey : undefined });
  } catch {
    throw init.signal?.aborted ? new ApiError('aborted', 'aborted') : new ApiError('network', i18n.t('console.common.network'));
  }
  return dataOf(endpoint, answer.status, answer.payload, sentToken(init));
}

/** Calls one endpoint of the contract with the operator's token and the console's language, and answers its `data`. */
export async function call<E extends AnyEndpoint>(endpoint: E, ...[input, options = {}]: CallArgs<E, CallOptions>): Promise<EndpointData<E>> {
  const isPost = endpoint.method === 'POST';
  // Every POST carries a key (the server keeps to it where the contract makes the call idempotent):
  // a decision its dialog's, the same on every try, any other a fresh one.
  const idempotencyKey = isPost ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const url = endpoint.path + (isPost ? '' : queryString(filled(input)));
  const init = { method: endpoint.method, headers: headersOf(endpoint, idempotencyKey, options.token), body: isPost ? JSON.stringify(input ?? {}) : undefined, signal: options.signal };
  return send(endpoint, url, init, idempotencyKey) as Promise<EndpointData<E>>;
}

/** A multipart call (a picture's upload), answered like any other. */
export async function callWithForm<E extends AnyEndpoint>(endpoint: E, form: FormData): Promise<EndpointData<E>> {
  const { 'Content-Type': _json, ...headers } = headersOf(endpoint);
  return send(endpoint, endpoint.path, { method: 'POST', headers, body: form }) as Promise<EndpointData<E>>;
}

/** A call that answers a file (a CSV export): the file and its name, or the refusal's ApiError. */
export async function callFile<E extends AnyEndpoint>(endpoint: E, input: unknown): Promise<{ blob: Blob; filename: string }> {
  let res: Response;
  const init = { headers: headersOf(endpoint) };
  try {
    res = await fetch(endpoint.path + queryString(filled(input)), init);
  } catch {
    throw new ApiError('network', i18n.t('console.common.network'));
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    // A refusal comes as the envelope: its code and message, like any call's.
    dataOf(endpoint, res.status, await res.json().catch(() => undefined), sentToken(init));
    throw new ApiError('http', i18n.t('console.common.error'), undefined, res.status);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  return { blob: await res.blob(), filename };
}
