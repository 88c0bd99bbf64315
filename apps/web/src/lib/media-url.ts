import { apiUrl } from '@/lib/request';

/** A picture the API names by path (`/media/…`) is fetched from the API host; full addresses stay as they are. */
export const mediaUrl = (src: string): string => (src && src.startsWith('/') && !src.startsWith('//') ? apiUrl(src) : src);

/** Rich text from the API (already sanitized there) with its pictures pointed at the API host. */
export const withMediaHost = (html: string): string => html.replace(/(<img[^>]*?\ssrc=")(\/[^/"][^"]*)"/g, (_m, head: string, src: string) => `${head}${mediaUrl(src)}"`);

/** An uploaded picture at a delivery size: `width` and `height` added to its address (a private file's is signed, so they join its query). */
export const sizedUpload = (src: string, width: number, height: number): string => `${src}${src.includes('?') ? '&' : '?'}width=${width}&height=${height}`;
