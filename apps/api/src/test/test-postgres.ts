import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedLanguagePacks } from '../modules/lang/lang.service.js';
import { freePort } from './free-port.js';

export interface TestPostgres {
  /** A connection string to the server's maintenance database, allowed to create databases. */
  adminUrl: string;
  /** The migrated database every test database is cloned from. */
  template: string;
  stop(): Promise<void>;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** `url` with its database swapped for `database`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Room a memory-backed folder must have left to hold the run's server: its databases, their spares and its WAL. */
const MEMORY_FOLDER_ROOM = 2 * 1024 ** 3;

/**
 * Where the run's throw-away server keeps its files: in memory (`/dev/shm`) when that has room, else
 * the temporary folder. Nothing of it outlives the run, and a database is some thousand files: on a
 * journaling disk each clone of the template cost about 0.8 s of processor time (1,200 relations'
 * files created), in memory 30–100 ms; a run clones one for every api file.
 */
function serverFolderRoot(): string {
  const shm = '/dev/shm';
  try {
    const { bavail, bsize } = fs.statfsSync(shm);
    fs.accessSync(shm, fs.constants.W_OK);
    if (bavail * bsize >= MEMORY_FOLDER_ROOM) return shm;
  } catch {
    // No such folder, or not ours to write.
  }
  return os.tmpdir();
}

/**
 * An embedded server in a folder of its own, on a free port. Between the port's check and the
 * server's start another process may take it (browsers and servers of the run open connections all
 * the time): a start that fails is tried again on another port, in a fresh folder.
 */
async function startThrowAwayServer(attempts = 3): Promise<{ server: EmbeddedServer; dir: string }> {
  for (let attempt = 1; ; attempt++) {
    const dir = fs.mkdtempSync(path.join(serverFolderRoot(), 'shop-test-pg-'));
    fs.chmodSync(dir, 0o755);
    try {
      const server = await startEmbeddedPostgres({
        dir: path.join(dir, 'data'),
        port: await freePort(),
        settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
      });
      return { server, dir };
    } catch (e) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (attempt >= attempts) throw e;
    }
  }
}

/**
 * For a whole test run: PostgreSQL from DATABASE_URL when set, else one throw-away embedded server;
 * then a template database, migrated, that each test file clones.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  let adminUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const { server, dir } = await startThrowAwayServer();
    adminUrl = server.url('postgres');
    stopServer = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const template = `shop_template_${run}`;
  await adminQuery(adminUrl, `create database ${ident(template)}`);
  const db = createDatabase(withDatabase(adminUrl, template), 2);
  try {
    await migrateToLatest(db);
    await seedLanguagePacks(db);
  } finally {
    await db.destroy();
  }
  return {
    adminUrl,
    template,
    stop: async () => {
      // Each worker's spare database (see takeTestDatabase), and any a failed file left behind.
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const left = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`shop_test_${run}_`]);
        for (const { datname } of left.rows) await client.query(`drop database if exists ${ident(datname)} with (force)`).catch(() => {});
      } finally {
        await client.end();
      }
      await dropDatabase(adminUrl, template).catch(() => {});
      await stopServer();
    },
  };
}

/**
 * The server and template of this test run, shared by every project's global setup (they run one
 * after the other in the runner's process, each loading its own copy of this module, hence the
 * global): started by the first, stopped when the last one has released it.
 */
export async function acquireTestPostgres(): Promise<TestPostgres> {
  const key = Symbol.for('shop.test-postgres');
  const holder = globalThis as unknown as Record<symbol, { pg: Promise<TestPostgres>; users: number } | undefined>;
  let shared = holder[key];
  if (!shared) {
    shared = { pg: startTestPostgres(), users: 0 };
    holder[key] = shared;
    shared.pg.catch(() => {
      if (holder[key] === shared) holder[key] = undefined;
    });
  }
  shared.users++;
  const pg = await shared.pg;
  let released = false;
  return {
    ...pg,
    stop: async () => {
      if (released) return;
      released = true;
      if (--shared.users > 0) return;
      holder[key] = undefined;
      await pg.stop();
    },
  };
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function cloneTemplate(adminUrl: string, template: string): Promise<{ name: string; url: string }> {
  // Named after the run (the template's suffix), so the run's end finds every one left behind.
  const name = `shop_test_${template.replace(/^shop_template_/, '')}_${Math.random().toString(36).slice(2, 10)}`;
  // Cloning needs the template to be free; another file may be cloning at the same moment.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${ident(name)} template ${ident(template)}`);
      break;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { name, url: withDatabase(adminUrl, name) };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${ident(name)} with (force)`);
}

let spare: { adminUrl: string; template: string; db: Promise<{ name: string; url: string }> } | undefined;

function prepareSpare(adminUrl: string, template: string) {
  const db = cloneTemplate(adminUrl, template);
  db.catch(() => {}); // a failed spare is replaced by a fresh clone when taken
  spare = { adminUrl, template, db };
}

/**
 * A fresh database for one test file, like `cloneTemplate`, but cloned ahead: a worker runs file
 * after file, and while one file runs the next one's database is being copied (copying the
 * template is most of a file's setup). The spare left at the end is dropped with the run.
 */
export async function takeTestDatabase(adminUrl: string, template: string): Promise<{ name: string; url: string }> {
  const ready = spare && spare.adminUrl === adminUrl && spare.template === template ? spare.db : undefined;
  const db = await (ready ?? cloneTemplate(adminUrl, template)).catch(() => cloneTemplate(adminUrl, template));
  prepareSpare(adminUrl, template);
  return db;
}
