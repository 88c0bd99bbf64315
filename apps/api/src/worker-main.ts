import { openDepsOrRefuse, shopConfig } from './deps.js';
import { publishChanges } from './lib/changes.js';
import { notifyChannel } from './lib/changes.queries.js';
import { startWorker } from './jobs/worker.js';
import { WorkerStartRefused } from './jobs/workers.js';

// `npm run worker`: durable jobs and the crontab in a process of their own (the API then runs with
// JOBS_WORKER=false). Needs the database the API uses, so DATABASE_URL in such deployments.
const config = shopConfig();
if (config.DATABASE_POOLER === 'transaction') {
  console.error('[worker] the job worker needs a session of its own (LISTEN, locks): give it a direct DATABASE_URL, not the transaction pooler');
  process.exit(1);
}
const log = (line: string) => console.log(`[worker] ${line}`);
const { deps, close } = await openDepsOrRefuse(config, log, '[worker]');
// What jobs change (balances, rates) is announced to the serving processes, which drop their cached answers.
const publisher = publishChanges((channel, payload) => notifyChannel(deps.db, channel, payload), (e) => log(`could not announce changes: ${String(e)}`));
const quiet = config.LOG_LEVEL === 'silent';
const worker = await startWorker(deps, (level, message) => {
  if (!quiet && (level !== 'debug' || config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace')) log(`${level}: ${message}`);
}).catch(async (e: unknown) => {
  // Beside workers of another release: said plainly, and nothing started.
  if (!(e instanceof WorkerStartRefused)) throw e;
  log(e.message);
  await close();
  process.exit(1);
});
log(`running jobs (${config.JOBS_CONCURRENCY} at a time)`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: letting running jobs finish`);
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  try {
    await worker.stop();
    await publisher.settled();
    await close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
await worker.promise;
