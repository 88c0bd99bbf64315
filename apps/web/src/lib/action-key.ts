import { useCallback, useState } from 'react';
import { ApiError, newIdempotencyKey } from '@/lib/request';

/**
 * Whether the server answered a call that failed: it keeps a refusal under its key (a business code,
 * or a 4xx such as a field refused with 422), so the next attempt needs a new key. A lost answer
 * (network, timeout), a request still in progress (409) or a server failure (5xx, which frees the
 * key on the server) keeps it, so a retry of the very same request is the same request.
 */
const refusedByServer = (e: unknown): boolean =>
  e instanceof ApiError && (e.kind === 'code' || (e.kind === 'http' && e.status !== undefined && e.status >= 400 && e.status < 500 && e.status !== 409));

/**
 * The Idempotency-Key of one money action of a form or page (a transfer, a top-up, a charity pledge).
 * It is kept while the answer may have been lost (a tap repeated after a dropped connection replays
 * the first run), and renewed once the server has answered, success or refusal: the server keeps a
 * refusal under its key too, so a corrected amount sent with the same key would be refused as a
 * reused key, and the same one would only get the old refusal back.
 * See docs/decisions/2026-11-24-wallet-action-keys.md.
 */
export function useActionKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const answered = useCallback(async <T>(work: Promise<T>): Promise<T> => {
    try {
      const result = await work;
      setKey(newIdempotencyKey());
      return result;
    } catch (e) {
      if (refusedByServer(e)) setKey(newIdempotencyKey());
      throw e;
    }
  }, []);
  return { key, answered };
}
