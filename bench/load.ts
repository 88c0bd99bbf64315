import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Loads one URL on loopback for a few seconds and reports requests/s and p99 latency. */
export async function load(name: string, url: string, opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: Number(process.env.BENCH_SECONDS ?? opts.seconds ?? 5),
    headers: opts.headers,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A short warm-up so JIT and caches are hot before measuring. */
export async function warm(url: string, headers?: Record<string, string>): Promise<void> {
  await autocannon({ url, connections: 10, duration: 1, headers });
}
