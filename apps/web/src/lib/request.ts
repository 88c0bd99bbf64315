import { ClientCode, type AnyEndpoint, type EndpointData, type Language } from '@shop/contract/common';
import { answerOf, ApiError, exchange, isEnvelope, newIdempotencyKey, queryString, type ApiErrorKind, type BaseCallOptions, type CallArgs as CallArgsOf, type CallInput } from '@shop/client/call';
import { paths } from '@/config/paths';
import { limits } from '@/config/runtime';
import { takeEarlyAnswer } from '@/lib/early-answers';
import { fieldRefusalsOf, showUnderFields } from '@/lib/field-refusals';
import { i18n } from '@/lib/i18n';
import { currentAddress, currentPath, loginAddressFor, navigateTo } from '@/lib/navigation';
import { noteReadBeforeWorker } from '@/lib/reads-before-worker';
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

export { ApiError, newIdempotencyKey, type ApiErrorKind, type CallInput };

export interface CallOptions extends BaseCallOptions {
  /** A background call: no toast for a failure code or message (session codes are still handled). */
  quiet?: boolean;
  /** The page shows a failure code's message itself, next to the form (registration, spec §8): no toast for it. */
  showsFailureItself?: boolean;
  /** `false`: a POST the member did not tap for, so no blocking loading indicator. */
  showLoading?: boolean;
  timeoutMs?: number;
  /** Ask in this language instead of the current one (loading a new language's pack). */
  lang?: Language;
  /**
   * For calls the contract marks `idempotent` (money, orders): the key of the user action. Default:
   * a fresh key per call; pass the same key to repeat an action the member retries by hand.
   */
  idempotencyKey?: string;
  /** Send with this token instead of the session's: the logout still owed for a session already ended here. */
  token?: string;
}

type CallArgs<E extends AnyEndpoint> = CallArgsOf<E, CallOptions>;

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
let loginTakesPagesPlace = false;

/**
 * Takes the member to login after `delayMs`, to come back to the page they are on once logged in.
 * A page whose own data needs a session (`pageNeedsLogin`: a member read was refused) gives its place
 * in history to the login page: Back from login then goes where the member was before, not to a page
 * that sends them to login again a second later. A refused tap keeps its page behind the login.
 */
function goToLoginAfter(delayMs: number, pageNeedsLogin: boolean): void {
  loginTakesPagesPlace ||= pageNeedsLogin;
  if (loginTimer) return;
  const from = currentAddress();
  loginTimer = setTimeout(() => {
    loginTimer = undefined;
    // A page the member has left meanwhile is not the one that needed the login.
    const replace = loginTakesPagesPlace && currentAddress() === from;
    loginTakesPagesPlace = false;
    if (currentPath() !== paths.login.login) navigateTo(loginAddressFor(currentAddress()), { replace });
  }, delayMs);
}

/** For tests: forget scheduled trips and pending indicators. */
export function resetRequestState(): void {
  if (loginTimer) clearTimeout(loginTimer);
  if (loadingTimer) clearTimeout(loadingTimer);
  loginTimer = undefined;
  loginTakesPagesPlace = false;
  loadingTimer = undefined;
  pendingPosts = 0;
  tokenRenewal = undefined;
}

/** The spec §7 headers of a call. */
export function requestHeaders(endpoint: AnyEndpoint, lang: Language, token = useSession.getState().token): Record<string, string> {
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
  const sentToken = options.token ?? useSession.getState().token;
  const indicator = isPost && options.showLoading !== false;
  // A call that moves value carries one key for the member's action, the same on every retry.
  const idempotencyKey = isPost && endpoint.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const headers = requestHeaders(endpoint, lang, sentToken);
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  // Asked again through the service worker once it serves the page, so what this visit saw is kept for offline use.
  if (endpoint.method === 'GET') noteReadBeforeWorker({ path: endpoint.path, url, headers });
  if (indicator) postStarted();
  let answer: { status: number; payload: unknown };
  try {
    answer = await exchange({
      url,
      init: { method: endpoint.method, headers, body: isPost ? JSON.stringify(input ?? {}) : undefined, signal: controller.signal, credentials: 'omit' },
      idempotencyKey,
      // A first screen's call the early script already made with these headers: its answer, once.
      early: takeEarlyAnswer(url, endpoint.method, headers),
    });
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

  const data = handleAnswer(endpoint, answer.status, answer.payload, options, sentToken) as EndpointData<E>;
  // A call of the member's own session went through: the API is reachable (an owed logout's own call does not count).
  if (options.token === undefined) for (const listener of [...succeeded]) listener();
  return data;
}

const succeeded = new Set<() => void>();

/**
 * Calls `listener` after each call that the API answered with success (it is reachable), but for
 * the calls of a logout still owed; answers the way to stop. A listener must be quick and not throw.
 */
export function onCallSucceeded(listener: () => void): () => void {
  succeeded.add(listener);
  return () => succeeded.delete(listener);
}

function handleAnswer(endpoint: AnyEndpoint, status: number, payload: unknown, options: CallOptions, sentToken: string): unknown {
  const answer = answerOf(status, payload);
  if (answer.ok) return answer.data;
  const { error } = answer;
  // A member read refused: the page cannot show what it is for without a session.
  const pageNeedsLogin = endpoint.method === 'GET' && endpoint.auth === 'member';
  // The member logged in (or out) while this call was under way: its session answer is stale.
  const sessionChanged = useSession.getState().token !== sentToken;
  const serverMsg = isEnvelope(payload) && typeof payload.msg === 'string' ? payload.msg : '';
  const refusal = (message: string) => new ApiError(error.kind, message, error.code, status, error.data);

  if (error.kind === 'code') {
    switch (error.code) {
      case ClientCode.tokenInvalid: {
        const message = i18n.t('app.session.expired');
        if (sessionChanged) throw refusal(message);
        showToast(message);
        useSession.getState().clear();
        goToLoginAfter(limits.authRedirectDelayMs, pageNeedsLogin);
        throw refusal(message);
      }
      case ClientCode.loginRequired:
        if (!sessionChanged) goToLoginAfter(limits.authRedirectDelayMs, pageNeedsLogin);
        throw error;
      case ClientCode.userNotFound: {
        const message = i18n.t('app.session.userNotFound');
        if (sessionChanged) throw refusal(message);
        showToast(message);
        goToLoginAfter(limits.authRedirectDelayMs, pageNeedsLogin);
        throw refusal(message);
      }
      default:
        if (!options.quiet && !options.showsFailureItself) showToast(serverMsg);
        throw error;
    }
  }
  // The server could not answer for now (a process gone behind the load balancer, its database away),
  // still after the retries of a call that may be sent again: said in the member's language, never the
  // proxy's page. A tap deserves the word; a background read fails quietly into its page's own state.
  if (error.kind === 'unavailable') {
    const message = i18n.t('code.serviceUnavailable');
    if (endpoint.method === 'POST' && !options.quiet) showToast(message);
    throw refusal(message);
  }
  if (status === 201) {
    const message = i18n.t('app.session.loginFailed');
    showToast(message);
    goToLoginAfter(limits.loginFailedRedirectDelayMs, pageNeedsLogin);
    throw refusal(message);
  }
  if (status === 422 || status === 500) {
    if (!options.quiet) {
      // The fields a form being sent has on screen show their refusal under them; the rest is a toast.
      const refused = status === 422 ? fieldRefusalsOf(error.data) : [];
      const left = showUnderFields(refused);
      if (refused.length === 0) showToast(serverMsg || i18n.t('app.error.generic'));
      else if (left.length > 0) showToast(left[0]!.msg);
    }
    throw error;
  }
  // Still being processed after the retries: say so, or the member taps again and wonders.
  if (error.code === ClientCode.requestInProgress && !options.quiet) showToast(serverMsg);
  // Any other status: rejected without a word (spec §8).
  throw error;
}
