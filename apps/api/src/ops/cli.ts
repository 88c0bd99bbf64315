import os from 'node:os';
import { DEFAULT_LANGUAGE, responseCodeMessageKey } from '@shop/contract';
import { loadBundledPacks } from '@shop/contract/packs';
import { publishChanges } from '../lib/changes.js';
import { notifyChannel } from '../lib/changes.queries.js';
import { AppError } from '../lib/errors.js';
import { Translator } from '../lib/i18n.js';
import { shopConfig } from '../deps.js';
import { embeddedDatabaseUrl, openDatabase } from '../db/connect.js';
import { createDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { wireAreas } from '../wiring.js';
import { reachable, runOpsCommand } from './commands.js';

// `npm run ops -- <command>`: operator decisions until the operator console exists.
const config = shopConfig();
wireAreas();
const operator = process.env.OPERATOR ?? os.userInfo().username;

let db: Database;
let stop: () => Promise<void>;
// A shop already running on the embedded database: talk to that server instead of starting another.
const running = config.DATABASE_URL ? undefined : createDatabase(embeddedDatabaseUrl(config), 2);
if (running && (await reachable(running))) {
  db = running;
  stop = () => db.destroy();
} else {
  await running?.destroy();
  const opened = await openDatabase(config, () => {});
  db = opened.db;
  await migrateToLatest(db);
  stop = async () => {
    await db.destroy();
    await opened.embedded?.stop();
  };
}

// Long reads (the ledger check) go to the replica when one is named.
const replica = config.DATABASE_REPLICA_URL ? createDatabase(config.DATABASE_REPLICA_URL, 2) : undefined;

// What a command changes (balances, rates) is announced to the running shop, which drops its cached answers.
const publisher = publishChanges((channel, payload) => notifyChannel(db, channel, payload), (e) => console.error(`could not tell the shop what changed: ${String(e)}`));

let exitCode = 0;
try {
  // The links printed lead to the shop's address as this configuration gives it (linkBase); authenticator codes open with its key ring.
  console.log(await runOpsCommand(db, process.argv.slice(2), operator, { config, replica }));
} catch (e) {
  // An expected refusal of a service is told in words (English), not as its code.
  if (e instanceof AppError) {
    const key = e.options.messageKey ?? responseCodeMessageKey[e.code] ?? 'code.badRequest';
    console.error(`${new Translator(loadBundledPacks()).t(DEFAULT_LANGUAGE, key, e.params)} (code ${e.code})`);
  } else console.error(e instanceof Error ? e.message : String(e));
  exitCode = 1;
} finally {
  await publisher.settled();
  await replica?.destroy();
  await stop();
}
// Explicitly: a library's exit hook would otherwise report success after a failed command.
process.exit(exitCode);
