import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { OPS_CLI } from '../../test/api-processes.js';
import { opsOperators } from './ops-operators.js';
import { runOpsCommand } from '../commands.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

let t: TestApp;
let ids: Record<string, number> = {};
/** How a command-line operator's decisions are recorded: as the console records them, `name#id`. */
const recordedAs = (name: string) => `${name}#${ids[name]}`;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  // The console operators the commands run as (`--by`, else the default name).
  ids = await opsOperators(t.db, { olivia: 'owner' });
});
afterAll(() => t.close());

/** `npm run ops -- …` as an operator types it (the same script, without npm's banner). */
const ops = (args: string[], operator = 'olivia', env: Record<string, string> = {}) =>
  run(process.execPath, [...OPS_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, PUBLIC_URL: '', PORT: '', DATABASE_URL: t.deps.config.DATABASE_URL, OPERATOR: operator, NODE_ENV: 'test', ...env },
  });

describe('the operator command', () => {
  it('bans a member by user name, recording who did it, and refuses unknown commands', async () => {
    const m = await registerMember(t);
    const { stdout } = await ops(['ban', m.user.user_name, '--reason', 'spam']);
    expect(stdout.trim()).toBe(`member ${m.user.id} is now banned (by olivia)`);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(ResponseCode.accountBanned);
    const log = await t.db.selectFrom('operator_actions').selectAll().where('target_id', '=', m.user.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operator: recordedAs('olivia'), action: 'user.ban', reason: 'spam' });
    expect(log.created_at).toBeInstanceOf(Date);

    const bad = await ops(['explode']).then(() => undefined, (e: { code: number; stderr: string }) => e);
    expect(bad?.code).toBe(1);
    expect(bad?.stderr).toContain('unknown command explode');
  }, 60_000);

  it('prints an operator’s setup link on the shop’s own address: PUBLIC_URL, else this machine on PORT', async () => {
    const stamp = Date.now().toString(36);
    const onPort = (await ops(['operator', 'create', `port${stamp}`, '--role', 'support'], 'olivia', { PORT: '9123' })).stdout;
    expect(onPort).toContain('http://localhost:9123/admin/#/setup?token=');
    const published = (await ops(['operator', 'create', `pub${stamp}`, '--role', 'support'], 'olivia', { PUBLIC_URL: 'https://shop.example.com/' })).stdout;
    expect(published).toContain('https://shop.example.com/admin/#/setup?token=');
    expect(published).not.toContain('8080');
  }, 60_000);

  it('told neither PUBLIC_URL nor PORT, prints the link as a path to open at the shop’s address, never on a guessed port', async () => {
    // The shop may run on any port (PORT=3971 npm start): a command not told it cannot know which.
    const stamp = Date.now().toString(36);
    const out = (await ops(['operator', 'create', `nowhere${stamp}`, '--role', 'support'])).stdout;
    expect(out).toMatch(/^ {2}\/admin\/#\/setup\?token=\S+$/m);
    expect(out).toContain("(open it at the shop's address, e.g. http://localhost:8080 for a shop started without PORT: PUBLIC_URL and PORT are not set for this command");
    expect(out).toContain('Without the console: POST /admin/api/auth/setup-password');
    expect(out).not.toMatch(/http:\/\/localhost:8080\/admin/);
    // Told the shop's port, as the shop was started, the link is whole.
    expect((await ops(['operator', 'setup-link', `nowhere${stamp}`], 'olivia', { PORT: '3971' })).stdout).toContain('http://localhost:3971/admin/#/setup?token=');
  }, 60_000);

  it('without PUBLIC_URL, the link is on the host the shop listens on (HOST), not on a machine it does not serve', async () => {
    const stamp = Date.now().toString(36);
    const onHost = (await ops(['operator', 'create', `host${stamp}`, '--role', 'support'], 'olivia', { HOST: '192.0.2.7', PORT: '9124' })).stdout;
    expect(onHost).toContain('http://192.0.2.7:9124/admin/#/setup?token=');
    expect(onHost).toContain('POST http://192.0.2.7:9124/admin/api/auth/setup-password');
    // Listening on every address (or this machine's loopback): the machine's own name opens it.
    const everywhere = (await ops(['operator', 'setup-link', `host${stamp}`], 'olivia', { HOST: '0.0.0.0', PORT: '9125' })).stdout;
    expect(everywhere).toContain('http://localhost:9125/admin/#/setup?token=');
    const v6 = (await ops(['operator', 'setup-link', `host${stamp}`], 'olivia', { HOST: 'fd00::7', PORT: '9126' })).stdout;
    expect(v6).toContain('http://[fd00::7]:9126/admin/#/setup?token=');
  }, 120_000);

  it('run in-process without a given address, it still links to the configured shop, never a fixed port', async () => {
    const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PORT: process.env.PORT, HOST: process.env.HOST };
    Object.assign(process.env, { PUBLIC_URL: '', PORT: '9127', HOST: '' });
    try {
      const stamp = Date.now().toString(36);
      const created = await runOpsCommand(t.db, ['operator', 'create', `inproc${stamp}`, '--role', 'support'], 'olivia');
      expect(created).toContain('http://localhost:9127/admin/#/setup?token=');
      process.env.PUBLIC_URL = 'https://shop.example.org';
      expect(await runOpsCommand(t.db, ['operator', 'setup-link', `inproc${stamp}`], 'olivia')).toContain('https://shop.example.org/admin/#/setup?token=');
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
