import type { Config } from '../config.js';

/** Hosts that mean "this machine": every address or its IPv4 loopback (the development default). */
const THIS_MACHINE = new Set(['', '0.0.0.0', '::', '127.0.0.1', 'localhost']);

/**
 * The shop's address for links that leave the app (share links, QR codes, images of shared
 * cards, operators' setup links): `PUBLIC_URL`, else where this shop listens (`HOST` and `PORT`;
 * a shop on every address or on the loopback is reached as localhost). Never the request's `Host`
 * header, which anyone can forge to make the shop hand out links to their own site.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST.trim();
  const name = THIS_MACHINE.has(host) ? 'localhost' : host.includes(':') ? `[${host.replace(/^\[|\]$/g, '')}]` : host;
  return `http://${name}:${config.PORT}`;
}
