import { useCallback, useMemo, useRef } from 'react';
import { newIdempotencyKey } from './request';

/** A body as text that is the same for the same values, whatever the order of their fields. */
function canonical(body: unknown): string {
  return JSON.stringify(body ?? null, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The idempotency keys a form or dialog sends with: the key of a body, and a fresh start (a dialog opened again). */
export interface RequestKeys {
  keyFor: (body: unknown) => string;
  renew: () => void;
}

/**
 * One idempotency key per body a console form sends: the same body again (a double click, a retry of a
 * lost answer) is one request, answered once; a body corrected after a refusal is a new request with a
 * new key — the server refuses a key sent again with a different body, so one key per dialog would
 * leave a refused form impossible to correct.
 */
export function useRequestKeys(): RequestKeys {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const text = canonical(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const renew = useCallback(() => {
    last.current = null;
  }, []);
  return useMemo(() => ({ keyFor, renew }), [keyFor, renew]);
}
