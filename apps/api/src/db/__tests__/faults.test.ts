import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../faults.js';

const missing = path.join(os.tmpdir(), `no-server-${process.pid}-${Date.now()}`);

describe('a database that cannot be reached', () => {
  it('is a server on a Unix socket that is gone (its socket file went with it), as pg reports it', async () => {
    fs.mkdirSync(missing, { recursive: true });
    const client = new pg.Client({ host: missing, port: 5432, database: 'shop', user: 'shop', connectionTimeoutMillis: 2_000 });
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    const socketError = await new Promise((resolve) => net.connect(path.join(missing, 'socket')).on('error', resolve));
    fs.rmSync(missing, { recursive: true, force: true });
    expect(error).toMatchObject({ code: 'ENOENT', syscall: 'connect' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(socketError)).toBe(true);
  });

  it('is not a file that is missing, nor a query that is wrong', async () => {
    const readError = await fs.promises.readFile(path.join(missing, 'nothing.txt')).catch((e: unknown) => e);
    expect(readError).toMatchObject({ code: 'ENOENT' });
    expect(isDatabaseUnavailable(readError)).toBe(false);
    expect(isDatabaseUnavailable(new Error('relation "nothing" does not exist'))).toBe(false);
  });
});
