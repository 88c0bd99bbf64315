/**
 * The reads a visit made before a service worker served its page. The worker registers only once the
 * page is usable (docs/decisions/2026-11-24-installable-and-offline.md), so on a first visit the
 * catalogue seen until then never passed through it; once it takes charge they are asked again
 * through it (`lib/offline-support.ts`), and it keeps what its own rules keep.
 */
export interface ReadMade {
  /** The API path (what the worker's rules look at). */
  path: string;
  url: string;
  /** The headers the app sent: the worker keys a kept answer by language, region and login. */
  headers: Record<string, string>;
}

/** As many as the worker keeps at most; the oldest go first. */
const MAX_READS = 300;
const made = new Map<string, ReadMade>();

const servedByWorker = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** Notes a GET sent while no worker serves the page (once per address and headers). */
export function noteReadBeforeWorker(read: ReadMade): void {
  if (servedByWorker()) return;
  const key = `${read.url}\n${JSON.stringify(read.headers)}`;
  made.delete(key);
  made.set(key, read);
  if (made.size > MAX_READS) made.delete(made.keys().next().value!);
}

/** The reads noted so far, oldest first; forgotten here once taken. */
export function takeReadsBeforeWorker(): ReadMade[] {
  const reads = [...made.values()];
  made.clear();
  return reads;
}
