import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-deps.js';
import { loadConfig, type Config } from './config.js';
import { readGatewaySettings } from './modules/payments/gateways/registry.js';
import { openDatabase } from './db/connect.js';
import type { Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { Translator } from './lib/i18n.js';
import { MemoryRateLimiter, RedisRateLimiter } from './lib/rate-limiter.js';
import { secretBoxFromConfig } from './lib/secrets.js';
import { within } from './lib/within.js';
import { LanguagePacks } from './modules/lang/lang.service.js';
import { loadEcbSnapshot } from './modules/rates/rates.service.js';
import { createProviders, type Providers } from './providers/index.js';
import { wireAreas } from './wiring.js';

/**
 * The shop's configuration, read once and checked whole before anything starts: the environment
 * (`loadConfig`) and each payment gateway's mode and keys against its own settings (sandbox by
 * default outside production; production refuses a sandbox gateway and a live one without its keys).
 */
export function shopConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  readGatewaySettings(config.env, config.NODE_ENV);
  return config;
}

/**
 * Everything the app needs from a database that is already migrated (used by the server and by
 * tests); `options.providers` replaces any of the configured providers.
 */
export async function depsFor(
  config: Config,
  db: Database,
  redis?: Redis,
  options: { providers?: Partial<Providers>; log?: (line: string) => void } = {},
): Promise<AppDeps> {
  wireAreas();
  const i18n = new Translator();
  const languagePacks = new LanguagePacks();
  await languagePacks.seed(db, i18n);
  // Exchange rates from the snapshot in the repository, unless the database already has that day or a later one.
  await loadEcbSnapshot(db);
  const providers: Providers = { ...createProviders(config, db, options.log ?? (() => {})), ...options.providers };
  return { config, db, i18n, languagePacks, limiter: redis ? new RedisRateLimiter(redis, 'rl:', options.log ?? ((line) => console.warn(line))) : new MemoryRateLimiter(), secrets: secretBoxFromConfig(config), providers, redis };
}

/** Opens the database (embedded or configured), migrates it, and builds the dependencies. */
export async function openDeps(config: Config, log: (line: string) => void): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  checkDataFolder(config);
  const { db, embedded } = await openDatabase(config, log);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) log(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
  } catch (e) {
    await db.destroy();
    await embedded?.stop();
    throw e;
  }
  let redis: Redis | undefined;
  try {
    redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  } catch (e) {
    await db.destroy();
    await embedded?.stop();
    throw e;
  }
  // Development outboxes print what they keep (the verification codes), unless logging is off.
  const deps = await depsFor(config, db, redis, { log: config.LOG_LEVEL === 'silent' ? () => {} : log });
  return {
    deps,
    close: async () => {
      await db.destroy();
      redis?.disconnect();
      await embedded?.stop();
    },
  };
}

/** How long any Redis command may take before it fails (a hung Redis must not hang the calls). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** Said instead of starting: a configuration the shop refuses, in one line for the operator. */
export class StartRefused extends Error {}

/**
 * `openDeps` for a process's start: a configuration the shop refuses (`StartRefused`: a data folder
 * it cannot write, a Redis that does not answer) is said in one line on stderr, after `prefix`, and
 * the process exits with 1: no stack and no source line for the operator.
 */
export async function openDepsOrRefuse(config: Config, log: (line: string) => void, prefix: string): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  try {
    return await openDeps(config, log);
  } catch (e) {
    if (!(e instanceof StartRefused)) throw e;
    console.error(`${prefix} ${e.message}`);
    process.exit(1);
  }
}

/**
 * The data folder (DATA_DIR), writable whenever this configuration keeps something in it: a process
 * that cannot write it would fail later (an upload, the embedded database) or crash at every restart,
 * so it refuses to start instead, naming the folder and the setting.
 */
function checkDataFolder(config: Pick<Config, 'dataDir' | 'DATABASE_URL' | 'STORAGE_PROVIDER' | 'SECRETS_KEY' | 'NODE_ENV'>): void {
  const kept = [
    ...(config.DATABASE_URL ? [] : ['the embedded database']),
    ...(config.STORAGE_PROVIDER === 'local' ? ['uploads (STORAGE_PROVIDER=local)'] : []),
    ...(config.SECRETS_KEY || config.NODE_ENV === 'production' ? [] : ['the generated secrets key']),
  ];
  if (!kept.length) return;
  // Uploads stream into uploads/.tmp (LocalFileStorage): that folder is the one that must take a file.
  const probeIn = config.STORAGE_PROVIDER === 'local' ? path.join(config.dataDir, 'uploads', '.tmp') : config.dataDir;
  try {
    fs.mkdirSync(probeIn, { recursive: true });
    const probe = path.join(probeIn, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
  } catch (e) {
    // Node's message without the path it repeats: "EROFS: read-only file system".
    const why = e instanceof Error ? e.message.split(',')[0] : String(e);
    throw new StartRefused(
      `DATA_DIR: cannot write ${probeIn} (${why}) as user ${userName()}, where this process keeps ${kept.join(', ')}; refusing to start: set DATA_DIR to a folder that user can write (under systemd with ProtectSystem=strict: StateDirectory= or ReadWritePaths=)`,
      { cause: e },
    );
  }
}

const userName = (): string => {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? 'unknown');
  }
};

/**
 * Redis at `url`, answering: a process configured to share its limits and invalidations through a
 * Redis it cannot reach would serve alone, so it refuses to start instead, saying so.
 */
export async function connectRedis(url: string, waitMs = 5_000): Promise<Redis> {
  // A command Redis does not answer within a second fails rather than holds the call that waits on it.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: waitMs, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  redis.on('error', () => {});
  try {
    await within(
      redis.connect().then(() => redis.ping()),
      waitMs,
      () => {
        throw new Error(`no answer within ${waitMs} ms`);
      },
    );
  } catch (e) {
    redis.disconnect();
    const where = new URL(url);
    throw new StartRefused(`REDIS_URL: Redis at ${where.hostname}:${where.port || 6379} does not answer (${e instanceof Error ? e.message : String(e)}); the API processes share rate limits and cached answers through it`, { cause: e });
  }
  return redis;
}
