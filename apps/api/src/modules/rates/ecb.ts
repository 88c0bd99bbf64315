import type { ExchangeRateSource } from '../../providers/rates/rates.js';

/** The ECB's daily euro reference rates (about 30 currencies per EUR; no KHR or TWD), published on working days around 16:00 CET. */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface EcbDaily {
  /** The day the rates are for (`YYYY-MM-DD`). */
  date: string;
  /** Units of each currency per EUR, as the exact decimal text of the file. */
  rates: Record<string, string>;
}

/**
 * Reads the ECB's eurofxref-daily.xml (the live file and the snapshot in the repository alike):
 * the one `<Cube time=…>` and its `<Cube currency=… rate=…/>` children. Throws on anything else.
 */
export function parseEcbDaily(xml: string): EcbDaily {
  const day = /<Cube\s+time=(["'])(\d{4}-\d{2}-\d{2})\1\s*>([\s\S]*?)<\/Cube>/.exec(xml);
  if (!day) throw new Error('not an ECB daily reference-rate file: no <Cube time="…">');
  const rates: Record<string, string> = {};
  for (const m of day[3]!.matchAll(/<Cube\s+currency=(["'])([A-Z]{3})\1\s+rate=(["'])(\d+(?:\.\d+)?)\3\s*\/>/g)) {
    rates[m[2]!] = m[4]!;
  }
  if (!Object.keys(rates).length) throw new Error(`the ECB file of ${day[2]} has no rates`);
  return { date: day[2]!, rates };
}

/** Fetches today's file from the ECB (used by the rate-refresh job); throws when unreachable or malformed. */
export async function fetchEcbDaily(fetchImpl: typeof fetch = fetch, url = ECB_DAILY_URL): Promise<EcbDaily> {
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(15_000), headers: { accept: 'application/xml' } });
  if (!res.ok) throw new Error(`ECB rates: HTTP ${res.status}`);
  return parseEcbDaily(await res.text());
}

/** The ECB feed as the app's exchange-rate provider (deps.ts builds it; tests replace it). */
export function ecbRateSource(fetchImpl: typeof fetch = fetch, url = ECB_DAILY_URL): ExchangeRateSource {
  return {
    name: 'ecb',
    latest: async () => ({ base: 'EUR', ...(await fetchEcbDaily(fetchImpl, url)) }),
  };
}
