/** One external lookup that tells the visitor's country (and address). */
export interface RegionLookup {
  url: string;
  /** `trace`: `key=value` lines with `loc=` and `ip=`; `json`: an object with the fields named below. */
  format: 'trace' | 'json';
  countryField?: string;
  ipField?: string;
}

/** Where the map pages get their pictures and place names; empty strings: no map in this shop. */
export interface MapConfig {
  /** A tile URL template with `{z}`, `{x}`, `{y}` (and optionally `{s}`), e.g. an OpenStreetMap tile server. */
  tiles: string;
  /** The credit the tile provider asks for, shown on the map (plain text). */
  attribution: string;
  /** Base URL of a Nominatim-compatible geocoder (`/search`, `/reverse`); empty: no search, no address from a point. */
  geocoder: string;
}

/** Set by `config.js` in the built app, so operators change hosts without a rebuild. */
export interface RuntimeConfig {
  api: { default: string; cn: string };
  upload: { default: string; cn: string };
  regionLookups: RegionLookup[];
  appDownloadUrl: string;
  map: MapConfig;
}

declare global {
  interface Window {
    SHOP_CONFIG?: Partial<RuntimeConfig>;
  }
}

const trimSlash = (s: string | undefined) => (s ?? '').replace(/\/+$/, '');

/** The runtime configuration with defaults filled in (empty host = the app's own origin). */
export function runtimeConfig(): RuntimeConfig {
  const raw = (typeof window !== 'undefined' ? window.SHOP_CONFIG : undefined) ?? {};
  return {
    api: { default: trimSlash(raw.api?.default), cn: trimSlash(raw.api?.cn) || trimSlash(raw.api?.default) },
    upload: { default: trimSlash(raw.upload?.default), cn: trimSlash(raw.upload?.cn) || trimSlash(raw.upload?.default) },
    regionLookups: Array.isArray(raw.regionLookups) ? raw.regionLookups.filter((l) => l && typeof l.url === 'string') : [],
    appDownloadUrl: raw.appDownloadUrl ?? '',
    map: { tiles: raw.map?.tiles ?? '', attribution: raw.map?.attribution ?? '', geocoder: trimSlash(raw.map?.geocoder) },
  };
}

/** Business constants of spec §9. */
export const limits = {
  pageLoadingDelayMs: 200,
  pageTimeoutMs: 60_000,
  chunkTimeoutMs: 120_000,
  /** GET calls; POST calls (payments, uploads) get the longer reading of the spec. */
  requestTimeoutMs: 10_000,
  postTimeoutMs: 60_000,
  requestLoadingDelayMs: 800,
  regionLookupTimeoutMs: 3_000,
  authRedirectDelayMs: 1_000,
  loginFailedRedirectDelayMs: 1_500,
  toastDurationMs: 1_500,
  toastZIndex: 10_090,
  layoutBreakpointPx: 750,
  designWidthPx: 375,
  maxContentWidthPx: 750,
  popupSnoozeMs: 24 * 60 * 60 * 1000,
} as const;
