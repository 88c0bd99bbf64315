import type { ByteRange } from '../../providers/storage/storage.js';

/**
 * What a request's `Range` header asks of a file of `size` bytes (RFC 9110 §14): the whole file (no
 * header, a malformed one, another unit, or several ranges, which we answer whole), one part, or
 * nothing it has (`unsatisfiable`: answered 416).
 */
export function askedByteRange(header: string | undefined, size: number): { whole: true } | { part: ByteRange } | { unsatisfiable: true } {
  if (!header) return { whole: true };
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { whole: true };
  if (m[1] === '') {
    // The last n bytes.
    const last = Number(m[2]);
    if (last === 0 || size === 0) return { unsatisfiable: true };
    return { part: { start: Math.max(0, size - last), end: size - 1 } };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { whole: true };
  if (start >= size) return { unsatisfiable: true };
  return { part: { start, end: Math.min(end, size - 1) } };
}
