import { ClientCode, type AnyEndpoint, type EndpointBodyInput, type EndpointData, type EndpointQueryInput, type Envelope, type Language } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { limits } from '@/config/runtime';
import { takeEarlyAnswer } from '@/lib/early-answers';
import { i18n } from '@/lib/i18n';
import { currentPath, navigateTo } from '@/lib/navigation';
import { hostsForRegion } from '@/lib/region';
import { hideBlockingLoading, showBlockingLoading, showToast } from '@/lib/toast';
import { useLanguage } from '@/stores/language';
import { useRegion } from '@/stores/region';
import { useSession } from '@/stores/session';

/**
 * The one request client of the app (spec §4, §7, §8). Every feature calls the API through
 * `call(endpoint, input)` with an endpoint of the contract, so paths, inputs and answers are typed
 * by the same definitions the server binds to.
 */

/** What a call sends: its query parameters (GET) or its JSON body (POST), whichever the contract declares. */
export type CallInput<E extends AnyEndpoint> = [EndpointQueryInput<E>] extends [undefined] ? EndpointBodyInput<E> : EndpointQueryInput<E>;

export interface CallOptions {
  /** A background call: no toast for a failure code or message (session codes are still handled). */
  quiet?: boolean;
  /** The page shows a failure code's message itself, next to the form (registration, spec §8): no toast for it. */
  showsFailureItself?: boolean;
  /** `false`: a POST the member did not tap for, so no blocking loading indicator. */
  showLoading?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Ask in this language instead of the current one (loading a new language's pack). */
  lang?: Language;
  /**
   * For calls the contract marks `idempotent` (money, orders): the key of the user action. Default:
   * a fresh key per call; pass the same key to repeat an action the member retries by hand.
   */
  idempotencyKey?: string;
}

type CallArgs<E extends AnyEndpoint> = undefined extends CallInput<E>
  ? [input?: CallInput<E>, options?: CallOptions]
  : Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

export type ApiErrorKind = 'code' | 'http' | 'network' | 'timeout' | 'aborted';

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

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';


// ---- the blocking loading indicator of POST calls: only after 800 ms, gone when the last one ends
let pendingPosts = 0;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;

function postStarted(): void {
  pendingPosts += 1;
  if (pendingPosts === 1) {
    loadingTimer = setTimeout(() => {
      loadingTimer = undefined;
      if (pendingPosts > 0) showBlockingLoading(i18n.t('app.loading'));
    }, limits.requestLoadingDelayMs);
  }
}

function postEnded(): void {
  pendingPosts = Math.max(0, pendingPosts - 1);
  if (pendingPosts === 0) {
    if (loadingTimer) clearTimeout(loadingTimer);
    loadingTimer = undefined;
    hideBlockingLoading();
  }
}

// ---- a token refresh under way: calls that carry the token wait for its answer, since the
// server retires the old token at once and a call sent with it would end the session (2001).
let tokenRenewal: Promise<void> | undefined;

/** Holds every call that carries the token until `renewal` settles (either way). */
export function holdTokenCalls(renewal: Promise<unknown>): void {
  const held: Promise<void> = renewal.then(
    () => {},
    () => {},
  );
  tokenRenewal = held;
  void held.then(() => {
    if (tokenRenewal === held) tokenRenewal = undefined;
  });
}

// ---- the way to login: one scheduled trip at a time, none when already there
let loginTimer: ReturnType<typeof setTimeout> | undefined;

function goToLoginAfter(delayMs: number): void {
  if (loginTimer) return;
  loginTimer = setTimeout(() => {
    loginTimer = undefined;
    if (currentPath() !== paths.login.login) navigateTo(paths.login.login);
  }, delayMs);
}

/** For tests: forget scheduled trips and pending indicators. */
export function resetRequestState(): void {
  if (loginTimer) clearTimeout(loginTimer);
  if (loadingTimer) clearTimeout(loadingTimer);
  loginTimer = undefined;
  loadingTimer = undefined;
  pendingPosts = 0;
  tokenRenewal = undefined;
}

function queryString(input: unknown): string {
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

/** The spec §7 headers of a call. */
export function requestHeaders(endpoint: AnyEndpoint, lang: Language): Record<string, string> {
  const { token } = useSession.getState();
  const { clientIp, areaName } = useRegion.getState();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': lang,
    'think-lang': lang,
    Area: '1',
    source: 'H5',
    // The /user/no_auth/ calls go with an empty authorization.
    Authorization: endpoint.auth === 'none' || !token ? '' : `Bearer ${token}`,
  };
  if (clientIp) headers['client-ip'] = clientIp;
  if (areaName) headers['Area-Name'] = encodeURIComponent(areaName);
  if (endpoint.method === 'POST') headers['Content-Type'] = 'application/json';
  return headers;
}

/** A fresh `Idempotency-Key` for one user action (random; works on plain http, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Pauses before an idempotent call is sent again with the same key (network lost, or still in progress). */
const IDEMPOTENT_RETRY_DELAYS_MS = [400, 1200];

/** The full address of an API path in the current region. */
export const apiUrl = (path: string): string => `${hostsForRegion().api}${path}`;

/** Calls one endpoint of the contract and answers its `data`, or rejects with an `ApiError`. */
export async function call<E extends AnyEndpoint>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<EndpointData<E>> {
  if (tokenRenewal && endpoint.auth !== 'none') await tokenRenewal;
  const lang = options.lang ?? useLanguage.getState().lang;
  const isPost = endpoint.method === 'POST';
  const url = apiUrl(endpoint.path) + (isPost ? '' : queryString(input));
  const timeoutMs = options.timeoutMs ?? (isPost ? limits.postTimeoutMs : limits.requestTimeoutMs);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  // The session this call was made in: an answer about it must not touch a newer one.
  const sentToken = useSession.getState().token;
  const indicator = isPost && options.showLoading !== false;
  // A call that moves value carries one key for the member's action, the same on every retry.
  const idempotencyKey = isPost && endpoint.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const headers = requestHeaders(endpoint, lang);
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (indicator) postStarted();
  let response: Response;
  let payload: unknown;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        // A first screen's call the early script already made with these headers: its answer, once.
        const early = attempt === 0 ? takeEarlyAnswer(url, endpoint.method, headers) : undefined;
        response = early
          ? await new Promise<Response>((resolve, reject) => {
              controller.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
              early.then(resolve, reject);
            })
          : await fetch(url, {
              method: endpoint.method,
              headers,
              body: isPost ? JSON.stringify(input ?? {}) : undefined,
              signal: controller.signal,
              credentials: 'omit',
            });
        const text = await response.text();
        try {
          payload = text ? (JSON.parse(text) as unknown) : undefined;
        } catch {
          payload = undefined;
        }
      } catch (e) {
        // Lost on the way (not timed out or cancelled): the same key makes sending it again safe.
        if (!idempotencyKey || controller.signal.aborted || attempt >= IDEMPOTENT_RETRY_DELAYS_MS.length) throw e;
        await new Promise((r) => setTimeout(r, IDEMPOTENT_RETRY_DELAYS_MS[attempt]));
        continue;
      }
      const inProgress = isEnvelope(payload) && payload.code === ClientCode.requestInProgress;
      if (!idempotencyKey || !inProgress || attempt >= IDEMPOTENT_RETRY_DELAYS_MS.length) break;
      // The first try is still being processed: ask again for its answer.
      await new Promise((r) => setTimeout(r, IDEMPOTENT_RETRY_DELAYS_MS[attempt]));
    }
  } catch (e) {
    if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
    const kind: ApiErrorKind = timedOut ? 'timeout' : 'network';
    const message = i18n.t(timedOut ? 'app.error.timeout' : 'app.error.network');
    // A tap that went nowhere deserves a word; background reads fail quietly into their own states.
    if (isPost && !options.quiet) showToast(message);
    throw new ApiError(kind, message, undefined, undefined, e);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (indicator) postEnded();
  }

  return handleAnswer(endpoint, response.status, payload, options, sentToken) as Promise<EndpointData<E>>;
}

async function handleAnswer(endpoint: AnyEndpoint, status: number, payload: unknown, options: CallOptions, sentToken: string): Promise<unknown> {
  // The member logged in (or out) while this call was under way: its session answer is stale.
  const sessionChanged = useSession.getState().token !== sentToken;
  const envelope = isEnvelope(payload) ? payload : undefined;
  const serverMsg = envelope && typeof envelope.msg === 'string' ? envelope.msg : '';

  if (status === 200) {
    if (!envelope) throw new ApiError('http', 'malformed answer', undefined, status);
    switch (envelope.code) {
      case 200:
        return envelope.data;
      case ClientCode.tokenInvalid: {
        const message = i18n.t('app.session.expired');
        if (sessionChanged) throw new ApiError('code', message, ClientCode.tokenInvalid, status, envelope.data);
        showToast(message);
        useSession.getState().clear();
        goToLoginAfter(limits.authRedirectDelayMs);
        throw new ApiError('code', message, ClientCode.tokenInvalid, status, envelope.data);
      }
      case ClientCode.loginRequired:
        if (!sessionChanged) goToLoginAfter(limits.authRedirectDelayMs);
        throw new ApiError('code', serverMsg, ClientCode.loginRequired, status, envelope.data);
      case ClientCode.userNotFound: {
        const message = i18n.t('app.session.userNotFound');
        if (sessionChanged) throw new ApiError('code', message, ClientCode.userNotFound, status, envelope.data);
        showToast(message);
        goToLoginAfter(limits.authRedirectDelayMs);
        throw new ApiError('code', message, ClientCode.userNotFound, status, envelope.data);
      }
      default:
        if (!options.quiet && !options.showsFailureItself) showToast(serverMsg);
        throw new ApiError('code', serverMsg, envelope.code, status, envelope.data);
    }
  }
  if (status === 201) {
    const message = i18n.t('app.session.loginFailed');
    showToast(message);
    goToLoginAfter(limits.loginFailedRedirectDelayMs);
    throw new ApiError('http', message, envelope?.code, status, envelope?.data);
  }
  if (status === 422 || status === 500) {
    if (!options.quiet) showToast(serverMsg || i18n.t('app.error.generic'));
    throw new ApiError('http', serverMsg, envelope?.code, status, envelope?.data);
  }
  // Still being processed after the retries: say so, or the member taps again and wonders.
  if (envelope?.code === ClientCode.requestInProgress && !options.quiet) showToast(serverMsg);
  // Any other status: rejected without a word (spec §8).
  throw new ApiError('http', serverMsg || `HTTP ${status}`, envelope?.code, status, envelope?.data);
}
