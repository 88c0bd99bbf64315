import type { Config } from '../config.js';

/**
 * The shop's address for links that leave the app (share links, QR codes, images of shared
 * cards): `PUBLIC_URL`, else the local address `npm start` prints. Never the request's `Host`
 * header, which anyone can forge to make the shop hand out links to their own site.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
