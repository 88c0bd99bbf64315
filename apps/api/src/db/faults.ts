// Failures that mean "the database cannot be reached or is not answering right now", as opposed to
// a bug in a query: the caller is told the service is busy (HTTP 503) and may simply try again.

/** Socket errors of a lost or refused connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is shutting down, starting, out of connections or resources, or that
 * cancelled a statement at its time limit (class 08 is every connection exception).
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53000', '53100', '53200', '53300', '25P03', '58000']);

/** What pg, pg-pool and Kysely say when a connection is gone, never came, or stopped answering. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'connection has been discarded',
  'Cannot use a pool after calling end',
  'the database system is starting up',
  'the database system is shutting down',
  // ioredis, for the shared rate limits and caches (REDIS_URL): the store is unreachable.
  'max retries per request limit',
  'Connection is closed',
];

/** True when `error` says the database (or Redis) is unreachable, stalled or overloaded rather than that a query is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // A server on a Unix socket (the embedded database) that is gone has taken its socket file with it.
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  // pg reports a failed connect of many addresses as one AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}
