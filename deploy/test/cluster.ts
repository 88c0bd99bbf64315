import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../apps/api/src/db/embedded.js';
import { ensureDatabase } from '../../apps/api/src/db/connect.js';
import { freePort } from '../../bench/servers.js';

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '../..');
const API_MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const WORKER_MAIN = path.join(ROOT, 'apps/api/src/worker-main.ts');

/** A program this test needs from Debian (`.ci/run` installs it). */
export function requireProgram(name: string, paths: string[]): string {
  const found = paths.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`${name} is not installed (apt-get install -y ${name}); the cluster test needs it`);
  return found;
}

/** One process of the cluster: its output kept (and searchable), stopped or killed on demand. */
export class Proc {
  child!: ChildProcess;
  /** What it printed since its last start. */
  output = '';
  /** What it printed since it was first started, chunk by chunk, with the time each came. */
  readonly chunks: Array<{ at: number; text: string }> = [];
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
  ) {}

  start(): this {
    this.output = '';
    this.child = spawn(this.command, this.args, { cwd: ROOT, env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      this.chunks.push({ at: Date.now(), text: chunk.toString() });
      if (process.env.CLUSTER_VERBOSE) process.stdout.write(`[${this.name}] ${chunk.toString()}`);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    return this;
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process (SIGTERM, or SIGKILL as a crash would) and waits until it is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.kill(signal);
    await Promise.race([gone, sleep(20_000).then(() => this.child.kill('SIGKILL'))]);
    await gone;
  }

  /** Waits until the output matches `pattern` (the process says it is ready). */
  async waitFor(pattern: RegExp, ms = 60_000): Promise<void> {
    const end = Date.now() + ms;
    while (!pattern.test(this.output)) {
      if (!this.running) throw new Error(`${this.name} exited (${this.child.exitCode ?? this.child.signalCode}):\n${this.output.slice(-3000)}`);
      if (Date.now() > end) throw new Error(`${this.name} did not print ${pattern} within ${ms} ms:\n${this.output.slice(-3000)}`);
      await sleep(100);
    }
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer {
  status: number;
  body: { code: number; msg: string; data: any };
  headers: http.IncomingHttpHeaders;
  /** Which API process answered: its name (through the load balancer, from the upstream it chose). */
  servedBy: string;
}

/** A keep-alive agent per client address, so each simulated client keeps its own connections. */
const agents = new Map<string, http.Agent>();
const agentFor = (from: string) => {
  let a = agents.get(from);
  if (!a) agents.set(from, (a = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: from })));
  return a;
};

/**
 * The shop's whole topology on this machine: PostgreSQL (the embedded package's server binaries,
 * as a server of its own), Redis and nginx from Debian, two API processes and two job workers run
 * as in production (`node --import tsx`, the units' settings), each on free ports in a temp folder.
 */
export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
  pg!: EmbeddedServer;
  databaseUrl!: string;
  redis!: Proc;
  nginx!: Proc;
  lbPort = 0;
  readonly apis: Proc[] = [];
  readonly workers: Proc[] = [];
  private readonly portOf = new Map<string, number>();
  private readonly nameOfPort = new Map<number, string>();
  env: Record<string, string> = {};

  async start(options: { apis: number; workers: number; env?: Record<string, string> }): Promise<void> {
    fs.chmodSync(this.dir, 0o755);
    const nginxBin = requireProgram('nginx', ['/usr/sbin/nginx']);
    const redisBin = requireProgram('redis-server', ['/usr/bin/redis-server']);

    const redisPort = await freePort();
    this.redis = new Proc('redis', redisBin, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {}).start();
    const pgStarted = (async () => {
      this.pg = await startEmbeddedPostgres({ dir: path.join(this.dir, 'pg'), port: await freePort(), settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' } });
      await ensureDatabase(this.pg.url('postgres'), 'shop');
      this.databaseUrl = this.pg.url('shop');
    })();
    await this.redis.waitFor(/Ready to accept connections/);
    await pgStarted;

    fs.mkdirSync(path.join(this.dir, 'data'));
    this.env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      DATABASE_POOL_SIZE: '20',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      // Uploads and the generated keys in one folder both processes reach (see the README).
      DATA_DIR: path.join(this.dir, 'data'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      JOBS_WORKER: 'false',
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    // The first process migrates the empty database; the others start once it has.
    for (let i = 0; i < options.apis; i++) {
      const name = `api-${String.fromCharCode(97 + i)}`;
      const port = await freePort();
      this.portOf.set(name, port);
      this.nameOfPort.set(port, name);
      this.apis.push(new Proc(name, process.execPath, ['--import', 'tsx', API_MAIN], { ...this.env, PORT: String(port) }));
    }
    await this.startApi(this.apis[0]!);
    await Promise.all(this.apis.slice(1).map((a) => this.startApi(a)));
    for (let i = 0; i < options.workers; i++) this.workers.push(this.newWorker(`worker-${i + 1}`));
    await Promise.all(this.workers.map((w) => this.startWorker(w)));
    await this.startNginx(nginxBin);
  }

  newWorker(name: string, env: Record<string, string> = {}): Proc {
    return new Proc(name, process.execPath, ['--import', 'tsx', WORKER_MAIN], { ...this.env, LOG_LEVEL: 'info', ...env });
  }

  async startWorker(w: Proc): Promise<void> {
    w.start();
    await w.waitFor(/running jobs/);
  }

  async startApi(api: Proc): Promise<void> {
    api.start();
    await api.waitFor(/the shop is open/, 120_000);
  }

  portOfApi(name: string): number {
    return this.portOf.get(name)!;
  }

  /**
   * nginx with the repository's site file (deploy/nginx/h5-shop.conf) as it is, only its paths and
   * port moved to this test's folder; the API processes listed as in deploy/nginx/upstream.conf, and
   * one site addition that names the process each answer came from (for the test's records).
   */
  private async startNginx(bin: string): Promise<void> {
    this.lbPort = await freePort();
    const site = path.join(this.dir, 'nginx-site');
    fs.mkdirSync(path.join(site, 'server.d'), { recursive: true });
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) fs.mkdirSync(path.join(this.dir, 'nginx', t), { recursive: true });
    fs.writeFileSync(path.join(site, 'upstream.conf'), this.apis.map((a) => `server 127.0.0.1:${this.portOfApi(a.name)} max_fails=1 fail_timeout=5s;\n`).join(''));
    fs.writeFileSync(path.join(site, 'server.d', 'served-by.conf'), 'add_header X-Upstream $upstream_addr always;\n');
    const conf = fs
      .readFileSync(path.join(ROOT, 'deploy/nginx/h5-shop.conf'), 'utf8')
      .replaceAll('/etc/nginx/h5-shop/', `${site}/`)
      .replaceAll('/opt/h5-shop/', `${ROOT}/`)
      .replaceAll('/var/log/nginx/', `${this.dir}/nginx/logs/`)
      .replace(/listen 80\b/, `listen 127.0.0.1:${this.lbPort}`)
      .replace(/^\s*listen \[::\]:80\b[^;]*;\n/m, '');
    const n = (t: string) => path.join(this.dir, 'nginx', t);
    fs.writeFileSync(
      path.join(this.dir, 'nginx.conf'),
      [
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'worker_processes 1;',
        `pid ${n('nginx.pid')};`,
        `error_log ${n('logs/error.log')} warn;`,
        'events { worker_connections 4096; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        `  client_body_temp_path ${n('body')}; proxy_temp_path ${n('proxy')}; fastcgi_temp_path ${n('fastcgi')}; uwsgi_temp_path ${n('uwsgi')}; scgi_temp_path ${n('scgi')};`,
        conf,
        '}',
      ].join('\n'),
    );
    this.nginx = new Proc('nginx', bin, ['-c', path.join(this.dir, 'nginx.conf'), '-p', this.dir, '-g', 'daemon off;'], {}).start();
    const until = Date.now() + 10_000;
    for (;;) {
      const up = await this.call('lb', 'GET', '/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (Date.now() > until || !this.nginx.running) throw new Error(`nginx did not start:\n${this.nginx.output}`);
      await sleep(100);
    }
  }

  /**
   * One HTTP call to the load balancer (`lb`) or straight to one API process (by name), from the
   * client address `from` (any 127.x.y.z: each simulated client has its own).
   */
  call(target: string, method: string, urlPath: string, options: { body?: unknown; raw?: Buffer; headers?: Record<string, string>; token?: string; from?: string } = {}): Promise<Answer> {
    const port = target === 'lb' ? this.lbPort : this.portOfApi(target);
    const payload = options.raw ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
    const headers: Record<string, string | number> = { 'think-lang': 'en-us', source: 'H5', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers['content-length'] = payload.length;
      if (!options.raw) headers['content-type'] = 'application/json';
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent: agentFor(options.from ?? '127.0.0.1') }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: Answer['body'];
          try {
            body = JSON.parse(text);
          } catch {
            body = { code: res.statusCode ?? 0, msg: text.slice(0, 200), data: undefined };
          }
          const upstream = String(res.headers['x-upstream'] ?? '').split(',').pop()!.trim();
          const servedBy = target === 'lb' ? (this.nameOfPort.get(Number(upstream.split(':').pop())) ?? `none (${upstream || 'nginx'})`) : target;
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers, servedBy });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Stops everything (nginx, API processes, workers, Redis, PostgreSQL) and removes the folder. */
  async stop(): Promise<void> {
    await Promise.all([this.nginx, ...this.apis, ...this.workers].filter(Boolean).map((p) => p.stop()));
    await this.redis?.stop();
    await this.pg?.stop();
    for (const a of agents.values()) a.destroy();
    agents.clear();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
