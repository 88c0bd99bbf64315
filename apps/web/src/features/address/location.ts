import { runtimeConfig } from '@/config/runtime';
import { shellLocation } from '@/lib/native-bridge';

/** A point with what a geocoder knows of the place there, as the address form takes it. */
export interface ChosenLocation {
  latitude: number;
  longitude: number;
  /** The place in one line, as the geocoder names it (empty when no geocoder answered). */
  label: string;
  street?: string;
  houseNumber?: string;
  zipCode?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode?: string;
}

export interface Point {
  latitude: number;
  longitude: number;
}

/** A latitude and longitude that exist on Earth, read from query-string text; undefined otherwise. */
export function parsePoint(lat: string | null, lng: string | null): Point | undefined {
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return undefined;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** Coordinates as the address stores them: 6 decimals, about 10 cm. */
export const roundCoordinate = (n: number) => Math.round(n * 1e6) / 1e6;

const HANDOFF_KEY = 'address.chosenLocation';

/** Leaves the chosen place for the address form the member returns to. */
export function handOverLocation(location: ChosenLocation): void {
  sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(location));
}

/** Takes the place chosen on the map, once: a second call answers undefined. */
export function takeChosenLocation(): ChosenLocation | undefined {
  const raw = sessionStorage.getItem(HANDOFF_KEY);
  if (!raw) return undefined;
  sessionStorage.removeItem(HANDOFF_KEY);
  try {
    const value = JSON.parse(raw) as ChosenLocation;
    return parsePoint(String(value.latitude), String(value.longitude)) ? value : undefined;
  } catch {
    return undefined;
  }
}

const DRAFT_KEY = 'address.formDraft';

/** Keeps the form being filled while the member is on the map (the form's page is left and opened again). */
export function keepDraft<T>(formKey: string, draft: T): void {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ formKey, draft }));
}

/** The draft kept for this form (new address or `id`), once; another form's draft is dropped. */
export function takeDraft<T>(formKey: string): T | undefined {
  const raw = sessionStorage.getItem(DRAFT_KEY);
  if (!raw) return undefined;
  sessionStorage.removeItem(DRAFT_KEY);
  try {
    const kept = JSON.parse(raw) as { formKey: string; draft: T };
    return kept.formKey === formKey ? kept.draft : undefined;
  } catch {
    return undefined;
  }
}

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

function placeOf(p: NominatimPlace): ChosenLocation {
  const a = p.address ?? {};
  return {
    latitude: roundCoordinate(Number(p.lat)),
    longitude: roundCoordinate(Number(p.lon)),
    label: p.display_name ?? '',
    street: a.road ?? a.pedestrian ?? a.footway ?? a.neighbourhood ?? a.suburb,
    houseNumber: a.house_number,
    zipCode: a.postcode,
    countryCode: a.country_code?.toUpperCase(),
  };
}

/** Asks the geocoder, for place names in the page's language (the document's BCP 47 `lang`). */
async function geocoderGet(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const base = runtimeConfig().map.geocoder;
  if (!base) return undefined;
  const query = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', 'accept-language': document.documentElement.lang || 'en', ...params });
  const res = await fetch(`${base}/${path}?${query}`, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  return res.json();
}

/** What the configured geocoder knows of the place at a point; just the point when there is none or it fails. */
export async function describePoint(point: Point, signal?: AbortSignal): Promise<ChosenLocation> {
  const bare: ChosenLocation = { latitude: roundCoordinate(point.latitude), longitude: roundCoordinate(point.longitude), label: '' };
  try {
    const found = (await geocoderGet('reverse', { lat: String(point.latitude), lon: String(point.longitude)}, signal)) as NominatimPlace | undefined;
    if (!found || typeof found.lat !== 'string') return bare;
    return { ...placeOf(found), latitude: bare.latitude, longitude: bare.longitude };
  } catch {
    return bare;
  }
}

/** Places matching a text, best first (at most 5); none without a geocoder. */
export async function searchPlaces(text: string, signal?: AbortSignal): Promise<ChosenLocation[]> {
  const found = await geocoderGet('search', { q: text, limit: '5' }, signal);
  return Array.isArray(found) ? (found as NominatimPlace[]).filter((p) => typeof p.lat === 'string').map(placeOf) : [];
}

/** Where the phone is: from the native shell when it offers it, else the browser's location (if allowed). */
export async function deviceLocation(timeoutMs = 8_000): Promise<Point | undefined> {
  const fromShell = await shellLocation();
  if (fromShell) return fromShell;
  if (!('geolocation' in navigator)) return undefined;
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      () => resolve(undefined),
      { timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
