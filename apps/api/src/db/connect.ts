import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { createDatabase, type Database } from './database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';

export const EMBEDDED_DATABASE = 'shop';

/** Creates `name` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
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

/**
 * Opens the database the configuration names: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL in DATA_DIR/postgres (started, and created on first run).
 */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<{ db: Database; url: string; embedded?: EmbeddedServer }> {
  if (config.DATABASE_URL) {
    return { db: createDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE), url: config.DATABASE_URL };
  }
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    log: (line) => {
      if (/error|fatal|panic/i.test(line)) log(`postgres: ${line}`);
    },
  });
  await ensureDatabase(embedded.url('postgres'), EMBEDDED_DATABASE);
  const url = embedded.url(EMBEDDED_DATABASE);
  return { db: createDatabase(url, config.DATABASE_POOL_SIZE), url, embedded };
}
