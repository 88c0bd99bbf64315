import { buildApp } from './app.js';
import { openDepsOrRefuse, shopConfig } from './deps.js';
import { allEndpoints } from '@shop/contract';
import { seedDemoData } from './seed/index.js';
import { shopJobLog, startWorker } from './jobs/worker.js';
import { WorkerStartRefused } from './jobs/workers.js';
import type { Runner } from 'graphile-worker';
import { listenForChanges, LISTENER_NAME } from './lib/changes.js';
import { peerListenerNames } from './lib/changes.queries.js';
import { markProcess, peersElsewhere } from './lib/redis-peers.js';
import { connectionOf } from './db/database.js';

const config = shopConfig();
const log = (line: string) => console.log(`[shop] ${line}`);

const { deps, close } = await openDepsOrRefuse(config, log, '[shop]');
if (config.SEED_DEMO && config.NODE_ENV !== 'production') await seedDemoData(deps, log);

const app = await buildApp(deps, {
  level: config.LOG_LEVEL,
  ...(process.stdout.isTTY && config.NODE_ENV !== 'production' ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
});
app.log.info(`${app.builtCalls} of ${allEndpoints.length} calls are built`);
// Operator commands and a separate job worker announce what they change here: cached answers follow.
// The listening connection's name tells the other API processes which Redis this one uses.
const mark = markProcess(LISTENER_NAME, deps.redis);
const changes = await listenForChanges(config.DATABASE_LISTEN_URL ?? connectionOf(deps.db).url, (message) => app.log.warn(message), mark.listenerName);
{
  let peers: string[];
  let found: Awaited<ReturnType<typeof peersElsewhere>>;
  // A peer whose Redis just came back writes its key again within moments: asked again (6 times, half a second apart) before refusing.
  for (let tries = 0; ; tries++) {
    peers = await peerListenerNames(deps.db, LISTENER_NAME, mark.listenerName);
    found = await peersElsewhere(deps.redis, peers);
    if (!deps.redis || !found.otherRedis.length || tries === 6) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (deps.redis && found.otherRedis.length) {
    // Processes on two Redis never hear each other's invalidations: members would see old prices, stock and balances.
    log(
      `REDIS_URL: ${found.otherRedis.length} other API process(es) on this database use another Redis (another server, database number or key prefix), so neither would hear what the other changes; refusing to start: give every API process of this database the same REDIS_URL`,
    );
    mark.stop();
    await changes.stop();
    await app.close();
    await close();
    process.exit(1);
  }
  // Without Redis each process keeps its own rate-limit counters and drops only its own cached answers.
  if (!config.REDIS_URL && peers.length) {
    app.log.warn('another API process serves this database and REDIS_URL is not set: rate limits are per process and a change made through one process leaves the others’ cached answers (order lists, balances, goods) as they were; set REDIS_URL on every process');
  } else if (config.REDIS_URL && found.withoutRedis.length) {
    app.log.warn(`${found.withoutRedis.length} other API process(es) on this database run without REDIS_URL: they count limits alone and keep cached answers this process changes (order lists, balances, goods); set the same REDIS_URL on every process`);
  }
}

let worker: Runner | undefined;
let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: finishing in-flight requests and stopping`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    // In-flight requests and running jobs finish side by side (the embedded database hears the same
    // signal and stops too); the jobs not started wait in the database for the next worker.
    await Promise.all([app.close(), worker?.stop()]);
    mark.stop();
    await changes.stop();
    await close();
  } finally {
    process.exit(exitCode);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// The terminal that ran `npm start` closed: stop cleanly rather than leave the database running.
process.on('SIGHUP', () => void shutdown('SIGHUP'));
// A promise nobody awaited failed (a fire-and-forget path): a bug to see in the log, not a reason to drop every member's request.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
// A throw outside every handler leaves a state no one can vouch for: stop the database cleanly and exit,
// so the supervisor (systemd, see the README) starts a fresh process.
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'uncaught exception: exiting');
  setTimeout(() => process.exit(1), 5_000).unref();
  void close().finally(() => process.exit(1));
});

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (e) {
  log(`could not listen on ${config.HOST}:${config.PORT}: ${e instanceof Error ? e.message : String(e)}`);
  await close();
  process.exit(1);
}
const shown = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
if (config.JOBS_WORKER) {
  try {
    worker = await startWorker(deps, shopJobLog((level, meta, message) => app.log[level](meta, message), () => stopping));
  } catch (e) {
    if (!(e instanceof WorkerStartRefused)) throw e;
    log(e.message);
    await shutdown('job worker refused', 1);
  }
  app.log.info(`job worker running (${config.JOBS_CONCURRENCY} at a time)`);
}
log(`the shop is open at ${shown}/h5/  (API at ${shown}, health at ${shown}/health; process ${process.pid})`);
