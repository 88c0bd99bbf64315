import { limits, runtimeConfig, type RegionLookup } from '@/config/runtime';
import { useRegion, type Region } from '@/stores/region';

export interface RegionAnswer {
  country: string;
  ip?: string;
}

const pick = (obj: unknown, field: string | undefined): string | undefined => {
  if (!field) return undefined;
  const value = field.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** Reads one lookup's answer: a CDN trace (`loc=CN`, `ip=…` lines) or a JSON object. */
export function parseLookupAnswer(lookup: RegionLookup, text: string): RegionAnswer | undefined {
  if (lookup.format === 'trace') {
    const fields = Object.fromEntries(
      text.split(/\r?\n/).map((line) => line.split('=')).filter((p) => p.length >= 2).map(([k, ...v]) => [k!.trim(), v.join('=').trim()]),
    );
    return fields.loc ? { country: fields.loc.toUpperCase(), ip: fields.ip || undefined } : undefined;
  }
  try {
    const json = JSON.parse(text) as unknown;
    const country = pick(json, lookup.countryField ?? 'country');
    return country ? { country: country.toUpperCase(), ip: pick(json, lookup.ipField) } : undefined;
  } catch {
    return undefined;
  }
}

async function ask(lookup: RegionLookup, signal: AbortSignal): Promise<RegionAnswer> {
  const res = await fetch(lookup.url, { signal, credentials: 'omit', cache: 'no-store' });
  if (!res.ok) throw new Error(`lookup answered ${res.status}`);
  const answer = parseLookupAnswer(lookup, await res.text());
  if (!answer) throw new Error('lookup answer not understood');
  return answer;
}

/**
 * Decides the region (spec §4): the configured lookups are asked in parallel; the first usable
 * answer within 3 s wins. None configured, none reachable or none understood: the default hosts.
 */
export async function detectRegion(lookups: RegionLookup[] = runtimeConfig().regionLookups, timeoutMs: number = limits.regionLookupTimeoutMs): Promise<{ region: Region; ip?: string }> {
  if (!lookups.length) return { region: 'default' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const answer = await Promise.any(lookups.map((l) => ask(l, controller.signal)));
    return { region: answer.country === 'CN' ? 'cn' : 'default', ip: answer.ip };
  } catch {
    return { region: 'default' };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Runs the lookups once per visit and stores the result for the request client. */
export async function decideRegion(): Promise<void> {
  const { region, ip } = await detectRegion();
  useRegion.getState().setRegion(region, ip);
}

/** The API and upload hosts of the current region ('' = the app's own origin). */
export function hostsForRegion(region: Region = useRegion.getState().region): { api: string; upload: string } {
  const config = runtimeConfig();
  return { api: config.api[region], upload: config.upload[region] };
}
