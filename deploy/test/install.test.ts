import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, Proc, requireProgram, ROOT, sleep } from './cluster.js';

// The deploy files as deploy/README.md installs them: the systemd units give the process a data
// folder it can write, and nginx as Debian packages it sends the shop's requests to the shop.

/** The shipped systemd units: the one-machine unit and those of the topology past one machine. */
const units = [
  ...fs.readdirSync(path.join(ROOT, 'deploy')).filter((f) => f.endsWith('.service')),
  ...fs.readdirSync(path.join(ROOT, 'deploy/systemd')).filter((f) => f.endsWith('.service')).map((f) => `systemd/${f}`),
];

/** A unit's [Service] settings, each name with every value it is given (systemd reads them in order). */
function serviceSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of fs.readFileSync(path.join(ROOT, 'deploy', file), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const heading = /^\[(.+)\]$/.exec(line);
    if (heading) {
      section = heading[1]!;
      continue;
    }
    const eq = line.indexOf('=');
    if (section !== 'Service' || eq < 0) continue;
    const name = line.slice(0, eq).trim();
    settings.set(name, [...(settings.get(name) ?? []), line.slice(eq + 1).trim()]);
  }
  return settings;
}


/** A main nginx.conf of a test's own: its pid, logs and temporary folders under `n`, the `http` block holding `http`. */
function nginxMain(n: (p: string) => string, http: string[]): string {
  return [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${n('nginx.pid')};`,
    `error_log ${n('logs/error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  client_body_temp_path ${n('body')}; proxy_temp_path ${n('proxy')}; fastcgi_temp_path ${n('fastcgi')}; uwsgi_temp_path ${n('uwsgi')}; scgi_temp_path ${n('scgi')};`,
    ...http,
    '}',
  ].join('\n');
}
describe('the shipped systemd units', () => {
  it('finds every unit', () => {
    expect(units).toEqual(expect.arrayContaining(['h5-shop.service', 'systemd/h5-shop-api@.service', 'systemd/h5-shop-worker@.service', 'systemd/h5-shop-migrate.service']));
  });

  it.each(units)('%s gives its data folder a writable place whenever the system is read-only to it', (file) => {
    const s = serviceSettings(file);
    if (s.get('ProtectSystem')?.at(-1) !== 'strict') return;
    // Without DATA_DIR the folder is ./data under the installed project, read-only under ProtectSystem=strict.
    const dataDir = (s.get('Environment') ?? []).map((e) => /^"?DATA_DIR=([^"\s]+)"?$/.exec(e)?.[1]).filter(Boolean).at(-1);
    expect(dataDir, `${file}: ProtectSystem=strict without Environment=DATA_DIR=`).toBeDefined();
    expect(path.isAbsolute(dataDir!)).toBe(true);
    const writable = [
      ...(s.get('StateDirectory') ?? []).flatMap((v) => v.split(/\s+/)).map((d) => path.join('/var/lib', d)),
      ...(s.get('ReadWritePaths') ?? []).flatMap((v) => v.split(/\s+/)).map((p) => p.replace(/^[-+]/, '')),
    ];
    expect(
      writable.some((w) => dataDir === w || dataDir!.startsWith(`${w}/`)),
      `${file}: DATA_DIR=${dataDir} is in neither StateDirectory= nor ReadWritePaths= (${writable.join(' ') || 'none'})`,
    ).toBe(true);
    // The shop's own user owns the folder systemd makes for it.
    expect(s.get('StateDirectory')?.length, `${file}: no StateDirectory= to create the data folder for the unit's user`).toBeGreaterThan(0);
  });
});

// Debian's stock site (/etc/nginx/sites-enabled/default as `apt-get install nginx` leaves it), without its comments.
const DEBIAN_DEFAULT_SITE = `server {
	listen 80 default_server;
	listen [::]:80 default_server;
	root /var/www/html;
	index index.html index.htm index.nginx-debian.html;
	server_name _;
	location / {
		try_files $uri $uri/ =404;
	}
}
`;

describe("Debian's nginx with the shop's site installed as deploy/README.md says", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-install-'));
  const etc = path.join(dir, 'etc/nginx');
  const n = (p: string) => path.join(dir, 'nginx', p);
  let nginxBin: string;
  let lbPort: number;
  let upstream: http.Server;
  let nginx: Proc | undefined;

  /** Port 80 moved to this test's port on 127.0.0.1 (and no IPv6 listener), everything else as written. */
  const onTestPort = (conf: string) => conf.replace(/^\s*listen \[::\]:80\b[^;]*;\n/gm, '').replace(/listen 80\b/g, `listen 127.0.0.1:${lbPort}`);

  /** An nginx.conf as Debian's: the http block includes conf.d/*.conf, then sites-enabled/*. */
  function debianLayout(withDefaultSite: boolean): string {
    fs.rmSync(etc, { recursive: true, force: true });
    for (const d of ['conf.d', 'sites-enabled', 'h5-shop/server.d']) fs.mkdirSync(path.join(etc, d), { recursive: true });
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) fs.mkdirSync(n(t), { recursive: true });
    const site = fs
      .readFileSync(path.join(ROOT, 'deploy/nginx/h5-shop.conf'), 'utf8')
      .replaceAll('/etc/nginx/h5-shop/', `${etc}/h5-shop/`)
      .replaceAll('/opt/h5-shop/', `${ROOT}/`)
      .replaceAll('/var/log/nginx/', `${n('logs')}/`);
    fs.writeFileSync(path.join(etc, 'conf.d/h5-shop.conf'), onTestPort(site));
    fs.writeFileSync(path.join(etc, 'h5-shop/upstream.conf'), `server 127.0.0.1:${(upstream.address() as { port: number }).port} max_fails=1 fail_timeout=5s;\n`);
    if (withDefaultSite) fs.writeFileSync(path.join(etc, 'sites-enabled/default'), onTestPort(DEBIAN_DEFAULT_SITE));
    const conf = path.join(etc, 'nginx.conf');
    fs.writeFileSync(
      conf,
      nginxMain(n, [`  include ${etc}/conf.d/*.conf;`, `  include ${etc}/sites-enabled/*;`]),
    );
    return conf;
  }

  /** `nginx -t` on a configuration: its exit code and what it said. */
  const configTest = (conf: string) =>
    new Promise<{ ok: boolean; said: string }>((resolve) =>
      execFile(nginxBin, ['-t', '-c', conf, '-p', dir, '-e', n('logs/error.log')], (err, stdout, stderr) => resolve({ ok: !err, said: `${stdout}${stderr}` })),
    );

  /** A GET through nginx as a browser sends it to the shop's address: who answered and with what. */
  const get = (urlPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: lbPort, path: urlPath, headers: { host: 'shop.example.com' } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    nginxBin = requireProgram('nginx', ['/usr/sbin/nginx']);
    lbPort = await freePort();
    // Stands in for the API processes: says it is the shop.
    upstream = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`the shop: ${req.url}`));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("with Debian's default site still enabled, nginx does not start serving its 404s in the shop's place: the configuration test fails naming that site", async () => {
    const t = await configTest(debianLayout(true));
    expect(t.ok, t.said).toBe(false);
    expect(t.said).toMatch(/duplicate default server .*sites-enabled\/default/);
  });

  it('with the default site removed, as deploy/README.md says, every request reaches the shop', async () => {
    const conf = debianLayout(false);
    const t = await configTest(conf);
    expect(t.ok, t.said).toBe(true);
    expect(t.said).not.toMatch(/conflicting server name/);
    nginx = new Proc('nginx', nginxBin, ['-c', conf, '-p', dir, '-e', n('logs/error.log'), '-g', 'daemon off;'], {}).start();
    const until = Date.now() + 10_000;
    let answer = await get('/h5/').catch(() => undefined);
    while (!answer && Date.now() < until && nginx.running) {
      await sleep(100);
      answer = await get('/h5/').catch(() => undefined);
    }
    expect(answer, nginx.output).toEqual({ status: 200, body: 'the shop: /h5/' });
    expect(await get('/health')).toEqual({ status: 200, body: 'the shop: /health' });
  });
});

describe('an API process that dies with calls in flight, behind the shipped site', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-dying-'));
  const n = (p: string) => path.join(dir, p);
  let lbPort: number;
  let dying: http.Server;
  let nginx: Proc | undefined;

  /** A request through nginx: its status, the headers the apps read, and its body. */
  const ask = (method: string, urlPath: string, headers: Record<string, string> = {}, body = '') =>
    new Promise<{ status: number; type: string; cache: string; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: lbPort, method, path: urlPath, headers: { host: 'shop.example.com', ...headers } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), cache: String(res.headers['cache-control'] ?? ''), body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });

  beforeAll(async () => {
    const nginxBin = requireProgram('nginx', ['/usr/sbin/nginx']);
    lbPort = await freePort();
    // The process killed with SIGKILL under load: it took the request, and its connection ends without an answer.
    dying = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    for (const d of ['site/server.d', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) fs.mkdirSync(n(d), { recursive: true });
    fs.writeFileSync(n('site/upstream.conf'), `server 127.0.0.1:${(dying.address() as { port: number }).port} max_fails=1 fail_timeout=5s;\n`);
    const site = fs
      .readFileSync(path.join(ROOT, 'deploy/nginx/h5-shop.conf'), 'utf8')
      .replaceAll('/etc/nginx/h5-shop/', `${n('site')}/`)
      .replaceAll('/opt/h5-shop/', `${ROOT}/`)
      .replaceAll('/var/log/nginx/', `${n('logs')}/`)
      .replace(/^\s*listen \[::\]:80\b[^;]*;\n/gm, '')
      .replace(/listen 80\b/g, `listen 127.0.0.1:${lbPort}`);
    const conf = n('nginx.conf');
    fs.writeFileSync(
      conf,
      nginxMain(n, [site]),
    );
    nginx = new Proc('nginx', nginxBin, ['-c', conf, '-p', dir, '-e', n('logs/error.log'), '-g', 'daemon off;'], {}).start();
    const until = Date.now() + 10_000;
    while (!(await ask('GET', '/health').catch(() => undefined)) && Date.now() < until && nginx.running) await sleep(100);
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => dying?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const unavailable = { status: 503, type: 'application/json', cache: 'no-store', body: { code: 503, msg: 'Service unavailable', data: null } };

  it("a member's order, a read and an operator's call get the shop's JSON envelope, never nginx's HTML page", async () => {
    const order = await ask('POST', '/shop/buy/createOrder', { 'content-type': 'application/json', 'idempotency-key': 'k-order-1' }, '{"goods_id":3,"num":1,"address_id":2}');
    const read = await ask('GET', '/user/getLangBag?client=h5');
    const operator = await ask('GET', '/admin/api/orders/list');
    const parsed = (text: string): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    };
    for (const answer of [order, read, operator]) expect({ ...answer, body: parsed(answer.body) }, nginx!.output).toEqual(unavailable);
  });

  it('the pages (the app, the console) keep a page for the browser, not the envelope', async () => {
    for (const page of ['/h5/', '/admin/', '/admin/orders']) {
      const answer = await ask('GET', page);
      expect(answer.status).toBe(502);
      expect(answer.type).toMatch(/^text\/html/);
    }
  });
});
