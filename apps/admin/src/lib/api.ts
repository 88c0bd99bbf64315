import { ClientCode, type AnyEndpoint, type EndpointBodyInput, type EndpointData, type EndpointQueryInput } from '@shop/contract/common';
import { i18n } from './i18n';
import { sessionStore } from './session';

/** A refusal of the API: its code, its localized message, and field errors when there are some. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface CallInput<E extends AnyEndpoint> {
  query?: EndpointQueryInput<E>;
  body?: EndpointBodyInput<E>;
  /** The same key for every retry of one decision: a double-click is one decision. */
  idempotencyKey?: string;
}

/** A fresh key for one decision. */
export const newKey = (): string => `adm-${crypto.randomUUID()}`;

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Sends one call with the operator's token and the console's language; a network failure is an ApiError. */
async function send<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>): Promise<Response> {
  const { token } = sessionStore.get();
  const headers: Record<string, string> = { 'Accept-Language': i18n.language, 'think-lang': i18n.language };
  if (endpoint.auth !== 'none' && token) headers.Authorization = `Bearer ${token}`;
  if (endpoint.method === 'POST') headers['Content-Type'] = 'application/json';
  if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;
  try {
    return await fetch(`${endpoint.path}${queryString(input.query as Record<string, unknown> | undefined)}`, {
      method: endpoint.method,
      headers,
      body: endpoint.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(i18n.t('common.network'), 0, 0);
  }
}

/** One call of the contract, with the operator's token and the console's language. */
export async function api<E extends AnyEndpoint>(endpoint: E, input: CallInput<E> = {}): Promise<EndpointData<E>> {
  const res = await send(endpoint, input);
  return unwrap(endpoint, res);
}

/** A call that answers a file (a CSV export): the file and its name, or the refusal's ApiError. */
export async function apiFile<E extends AnyEndpoint>(endpoint: E, input: CallInput<E> = {}): Promise<{ blob: Blob; filename: string }> {
  const res = await send(endpoint, input);
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    // A refusal comes as the envelope: its code and message, like any call's.
    await unwrap(endpoint, res);
    throw new ApiError(i18n.t('common.error'), 0, res.status);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  return { blob: await res.blob(), filename };
}

async function unwrap<E extends AnyEndpoint>(endpoint: E, res: Response): Promise<EndpointData<E>> {
  let envelope: { code: number; msg: string; data: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new ApiError(i18n.t('common.network'), 0, res.status);
  }
  if (envelope.code === 200) return envelope.data as EndpointData<E>;
  if (endpoint.auth === 'operator' && (envelope.code === ClientCode.tokenInvalid || envelope.code === ClientCode.loginRequired)) sessionStore.end('expired');
  throw new ApiError(envelope.msg, envelope.code, res.status, envelope.data);
}
