import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { createDatabase, type Database } from './database.js';
import { embeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';

export const EMBEDDED_DATABASE = 'shop';

/** Creates `name` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  // A server lost mid-way fails the query below; the event must not also end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      await client.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}

/** The embedded server's folder for this configuration. */
export const embeddedDir = (config: Config) => path.join(config.dataDir, 'postgres');

/** The shop database on the embedded server of this configuration (to reach a shop that is already running). */
export const embeddedDatabaseUrl = (config: Config) => embeddedUrl(embeddedDir(config), config.EMBEDDED_PG_PORT, EMBEDDED_DATABASE);

/**
 * Opens the database the configuration names: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL in DATA_DIR/postgres (started, and created on first run; started again if it stops).
 */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<{ db: Database; url: string; embedded?: EmbeddedServer }> {
  const limits = { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, pooled: config.DATABASE_POOLER === 'transaction' };
  if (config.DATABASE_URL) {
    return { db: createDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE, limits), url: config.DATABASE_URL };
  }
  const embedded = await startEmbeddedPostgres({
    dir: embeddedDir(config),
    port: config.EMBEDDED_PG_PORT,
    restart: true,
    log: (line) => {
      // The job queue probes for its schema once on a fresh database; that expected miss is not news.
      if (/relation "graphile_worker\.migrations" does not exist/.test(line)) return;
      if (/error|fatal|panic|stopping|generated password|running again/i.test(line)) log(`postgres: ${line}`);
    },
  });
  await ensureDatabase(embedded.url('postgres'), EMBEDDED_DATABASE);
  const url = embedded.url(EMBEDDED_DATABASE);
  return { db: createDatabase(url, config.DATABASE_POOL_SIZE, limits), url, embedded };
}
