import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/api/src/test/free-port.js';

export const ROOT = path.resolve(import.meta.dirname, '..');

export { freePort };

/**
 * The arguments of an API process of the shop: its sources through tsx (`npm start` runs the same code
 * from a bundle, which only starts faster); BENCH_SHOP_NODE_ARGS adds Node's own flags (e.g.
 * `--cpu-prof --cpu-prof-dir=prof` to profile it under load).
 */
const shopProcessArgs = () => [...(process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')];

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface RunningServer {
  url: string;
  /** The shop's own settings (its data directory and database port), for benches that prepare data. */
  env?: Record<string, string>;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess, cleanup?: () => void) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve(cleanup?.());
      child.once('exit', () => resolve(cleanup?.()));
      child.kill('SIGTERM');
    });
}

/**
 * The shop's API as members get it (own process), on a throw-away embedded database unless
 * DATABASE_URL is set (in the environment or `env`, which adds to the shop's settings).
 *
 * Measured as a shop runs once it has started before on its database: the first process migrates
 * the fresh database, writes the demo data and draws the demo's first pictures, then stops, and the
 * rows are measured on a second one. A process that did that one-time work itself served the
 * envelope call about a fifth slower for as long as it ran (on one machine, 41,000–45,000 against
 * 53,000–54,000 requests a second, with or without the demo data), which is not what a shop in
 * service pays: its database is migrated and its pictures drawn long before.
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const own = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
  const url = `http://127.0.0.1:${port}`;
  const start = async () => {
    const child = spawn(process.execPath, shopProcessArgs(), {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...own,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        // One client sends all the load: the limiter still runs (its cost is measured) but never trips.
        RATE_LIMIT_PER_MINUTE: '1000000000',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // The shop answers while it draws the demo's first pictures in the background (several seconds of
    // both cores): it is stopped, or measured, once that work is over. The shop says nothing when the
    // pictures are drawn (a line after its address would push the address up), so the sign is its own
    // CPU time no longer growing.
    await waitFor(`${url}/ready`, child, 180_000);
    await settled(child.pid!, 120_000);
    return child;
  };
  await stopper(await start())();
  const child = await start();
  return { url, env: own, stop: stopper(child, () => fs.rmSync(dataDir, { recursive: true, force: true })) };
}

/** CPU time (user and system) a process has used so far, in ms; undefined where /proc is not there to read it. */
function cpuMsOf(pid: number): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command name's closing parenthesis), in ticks of 1/100 s (Linux's USER_HZ).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Waits until the process has used under a tenth of a core for two seconds running (at most `timeoutMs`; a fixed 20 s without /proc). */
async function settled(pid: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  const first = cpuMsOf(pid);
  if (first === undefined) return new Promise((r) => setTimeout(r, 20_000));
  let last = first;
  let quiet = 0;
  while (Date.now() < until && quiet < 2) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now: number = cpuMsOf(pid) ?? last;
    quiet = now - last < 100 ? quiet + 1 : 0;
    last = now;
  }
}

/** A bare Fastify route answering `body` as JSON: the ceiling the envelope call is compared with. */
export async function startBareFastify(body: unknown): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BODY: JSON.stringify(body) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/bare`, child, 30_000);
  return { url, stop: stopper(child) };
}

/** A second API process on the running shop's database (the shop's data folder, its embedded server), as a load balancer's second upstream. */
export async function startSecondApi(shop: RunningServer, databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, shopProcessArgs(), {
    cwd: ROOT,
    env: { ...process.env, ...shop.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', JOBS_WORKER: 'false', RATE_LIMIT_PER_MINUTE: '1000000000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/ready`, child, 120_000);
  return { url, stop: stopper(child) };
}
