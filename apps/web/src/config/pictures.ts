/**
 * Facts about pictures that both the app and the build's early script (`early-requests.ts`) use,
 * so a picture the early script asks for is the very one the page then shows. No imports: the
 * build's configuration reads this file as it is.
 */

/** Widths the server keeps copies at (its delivery steps) that a phone's screen uses. */
export const MEDIA_WIDTHS = [200, 300, 400, 500, 750, 1000] as const;

/** Pictures the shop's own server delivers, resized by `?w=` and in AVIF or WebP by the browser's Accept. */
export const RESIZABLE_MEDIA = /^\/(media|uploads)\//;

/** How wide the home banners show: the picture is chosen from the srcset by it (the page and its preload). */
export const HOME_BANNER_SIZES = '(min-width: 750px) 726px, 94vw';

/** How wide the goods page's gallery shows (the page and its preload). */
export const GOODS_GALLERY_SIZES = '(min-width: 750px) 750px, 100vw';
