import { useCallback, useState } from 'react';
import { ApiError, newIdempotencyKey } from '@/lib/request';

/**
 * The Idempotency-Key of one money action of a form. It is kept while the answer may have been lost
 * (a tap repeated after a dropped connection replays the first run), and renewed once the server
 * has answered, success or refusal: the server keeps a refusal under its key too, so a corrected
 * amount sent with the same key would be refused as a reused key, and the same one would only get
 * the old refusal back.
 */
export function useActionKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const answered = useCallback(async <T>(work: Promise<T>): Promise<T> => {
    try {
      const result = await work;
      setKey(newIdempotencyKey());
      return result;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'code') setKey(newIdempotencyKey());
      throw e;
    }
  }, []);
  return { key, answered };
}
