import { useRef, type MouseEventHandler } from 'react';
import { MEDIA_WIDTHS, RESIZABLE_MEDIA } from '@/config/pictures';
import { awaitFirstScreenPicture } from '@/lib/after-first-screen';
import { mediaUrl } from '@/lib/media-url';

const resizable = (src: string) => RESIZABLE_MEDIA.test(src);

/** The `srcset` of one of the shop's pictures: one entry per delivery width; undefined for a picture from elsewhere. */
export function mediaSrcSet(src: string, widths: readonly number[] = MEDIA_WIDTHS): string | undefined {
  if (!resizable(src)) return undefined;
  const url = mediaUrl(src);
  const join = url.includes('?') ? '&' : '?';
  return widths.map((w) => `${url}${join}w=${w} ${w}w`).join(', ');
}

interface MediaImageProps {
  src: string;
  alt: string;
  /** The picture's proportions as drawn, so the browser reserves its room before it arrives. */
  width: number;
  height: number;
  /** How wide it shows, for the browser to pick from the srcset (e.g. "50vw"). */
  sizes: string;
  className?: string;
  /** The page's largest picture: fetched at once and first, never lazily; on the first screen, what lies below the fold waits for it. */
  priority?: boolean;
  onClick?: MouseEventHandler<HTMLImageElement>;
}

/**
 * A picture of the shop at the size the screen needs: `srcset` of the server's delivery widths,
 * width and height set (no layout shift), lazy below the fold, high priority for the largest paint.
 */
export function MediaImage({ src, alt, width, height, sizes, className, priority, onClick }: MediaImageProps) {
  const arrived = useRef<() => void>(undefined);
  const hold = (img: HTMLImageElement | null) => {
    if (img && !arrived.current) arrived.current = awaitFirstScreenPicture(img);
  };
  const settle = () => arrived.current?.();
  return (
    // The attributes are set in this order: how and at which widths to fetch before `src`, so the
    // browser never starts on the full-size picture, nor eagerly on one meant to be lazy.
    <img
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      sizes={sizes}
      srcSet={mediaSrcSet(src)}
      width={width}
      height={height}
      alt={alt}
      draggable={false}
      onClick={onClick}
      ref={priority ? hold : undefined}
      onLoad={priority ? settle : undefined}
      onError={priority ? settle : undefined}
      // Goods without a picture: no address at all (an empty one is a request for nothing, warned about).
      src={src ? mediaUrl(src) : undefined}
    />
  );
}
