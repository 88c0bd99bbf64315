import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedUrl, passwordFileOf, startEmbeddedPostgres, type EmbeddedServer } from '../embedded.js';
import { freePort } from '../../test/free-port.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-'));
fs.chmodSync(root, 0o755);
const fast = { fsync: 'off', synchronous_commit: 'off' };
const servers: EmbeddedServer[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of servers) await s.stop().catch(() => {});
  fs.rmSync(root, { recursive: true, force: true });
});

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const pidOf = (dir: string) => Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Starts the server of `dir` in another Node process, the way the shop does; resolves once it runs. */
function startInChild(dir: string, port: number): Promise<ChildProcess> {
  const code = `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../embedded.ts'))});
await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, port: ${port}, settings: { fsync: 'off' } });
console.log('running');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (c) => {
      output += c;
      if (output.includes('running')) resolve(child);
    });
    child.stderr!.on('data', (c) => (output += c));
    child.once('exit', (c) => reject(new Error(`the server process ended (${c}): ${output}`)));
  });
}

describe('the embedded PostgreSQL', () => {
  it('gets a generated password, kept beside it for its owner only; a folder made with the old fixed password opens and moves to a generated one', async () => {
    const dir = path.join(root, 'password');
    const port = await freePort();
    let server = await startEmbeddedPostgres({ dir, port, settings: fast });
    const file = passwordFileOf(dir);
    const generated = fs.readFileSync(file, 'utf8').trim();
    expect(generated.length).toBeGreaterThanOrEqual(40);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(server.url('postgres')).toBe(embeddedUrl(dir, port, 'postgres'));
    await query(server.url('postgres'), "create table kept (note text); insert into kept values ('before')");

    // What a data folder of an older release looks like: the fixed password and no password file.
    await query(server.url('postgres'), "alter role postgres with password 'postgres'");
    fs.rmSync(file);
    await server.stop();

    server = await startEmbeddedPostgres({ dir, port, settings: fast });
    servers.push(server);
    const migrated = fs.readFileSync(file, 'utf8').trim();
    expect(migrated).not.toBe('postgres');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await query(server.url('postgres'), 'select note from kept')).rows).toEqual([{ note: 'before' }]);
    await expect(query(embeddedUrl(dir, port, 'postgres', 'postgres'), 'select 1')).rejects.toMatchObject({ code: '28P01' });
  }, 60_000);

  it('after its shop process is killed, the next start stops the server left behind cleanly and takes over with the data intact; a live shop keeps its own', async () => {
    const dir = path.join(root, 'orphan');
    const port = await freePort();
    const shop = await startInChild(dir, port);
    const url = embeddedUrl(dir, port, 'postgres');
    await query(url, "create table orders_seen (id int); insert into orders_seen values (1), (2)");
    const first = pidOf(dir);

    // The shop that runs it is alive: a second start must not take its server away.
    await expect(startEmbeddedPostgres({ dir, port, settings: fast })).rejects.toThrow(/already run by process/);
    expect(alive(first)).toBe(true);

    const gone = new Promise((r) => shop.once('exit', r));
    shop.kill('SIGKILL');
    await gone;
    // The server outlives its parent, holding the port and the pid file.
    expect(alive(first)).toBe(true);

    const server = await startEmbeddedPostgres({ dir, port, settings: fast });
    servers.push(server);
    expect(alive(first)).toBe(false);
    expect(pidOf(dir)).not.toBe(first);
    expect((await query(server.url('postgres'), 'select id from orders_seen order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  }, 60_000);

  it('never touches a server of another folder, even when a stale pid file names it', async () => {
    const other = path.join(root, 'other');
    const otherServer = await startEmbeddedPostgres({ dir: other, port: await freePort(), settings: fast });
    servers.push(otherServer);
    const otherPid = pidOf(other);

    const dir = path.join(root, 'stale');
    const port = await freePort();
    await (await startEmbeddedPostgres({ dir, port, settings: fast })).stop();
    // A pid file left by a crash whose number now belongs to the other folder's server.
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${otherPid}\n${path.resolve(dir)}\n0\n${port}\n`);
    const server = await startEmbeddedPostgres({ dir, port, settings: fast });
    servers.push(server);
    expect(alive(otherPid)).toBe(true);
    expect((await query(otherServer.url('postgres'), 'select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    expect((await query(server.url('postgres'), 'select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  }, 60_000);
});
