import type { Sharp } from 'sharp';

/** Delivery widths: a request is rounded up to the next one, so each picture has a bounded set of copies. */
export const SIZE_STEPS = [64, 120, 200, 300, 400, 500, 750, 1000, 1500, 2000] as const;

/** Formats a picture can be sent in besides its own, best first. */
export type ModernImageFormat = 'avif' | 'webp';

const MIME: Record<ModernImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * The best format the browser's `Accept` header takes: AVIF, then WebP, else undefined (send the
 * picture as it is). A type with `q=0` is refused, as HTTP says.
 */
export function pickImageFormat(accept: string | undefined): ModernImageFormat | undefined {
  if (!accept) return undefined;
  const taken = new Set<string>();
  for (const part of accept.toLowerCase().split(',')) {
    const [type, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (type) taken.add(type.trim());
  }
  if (taken.has(MIME.avif)) return 'avif';
  if (taken.has(MIME.webp)) return 'webp';
  return undefined;
}

export const imageFormatMime = (format: ModernImageFormat): string => MIME[format];

/** How each format is encoded for delivery: quality chosen for photos and flat demo pictures on a phone, fast enough to make on first request. */
export const DELIVERY_ENCODING = { avif: { quality: 50, effort: 2 }, webp: { quality: 78, effort: 3 } } as const;

/** Encodes for delivery (`DELIVERY_ENCODING`). */
export function encodeAs(image: Sharp, format: ModernImageFormat): Sharp {
  return format === 'avif' ? image.avif(DELIVERY_ENCODING.avif) : image.webp(DELIVERY_ENCODING.webp);
}
