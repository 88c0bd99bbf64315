import net from 'node:net';

/**
 * Counts the statements a PostgreSQL client sends through it (simple queries and executes of the
 * extended protocol, read from the frontend messages as the protocol documents them), passing every
 * byte on unchanged both ways.
 */
export async function countingProxy(upstream: URL): Promise<{ url: string; statements: () => number; exchanges: () => number; texts: string[]; record: (on: boolean) => void; close: () => void }> {
  let statements = 0;
  /** Round trips: a simple query, or a sync closing what the extended protocol sent before it (each answered by one ready-for-query). */
  let exchanges = 0;
  /** The text of each statement sent while recording (a simple query's, or the one parsed before an execute). */
  const texts: string[] = [];
  let recording = false;
  // Prepared statements by name (the unnamed one is ''), and the one the last Bind named.
  const parsedTexts = new Map<string, string>();
  let bound = '';
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port), upstream.hostname);
    client.pipe(db);
    db.pipe(client);
    const closeBoth = () => (client.destroy(), db.destroy());
    client.on('error', closeBoth);
    db.on('error', closeBoth);
    client.on('close', closeBoth);
    db.on('close', closeBoth);
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // The startup message (or an SSL or cancel request) has no type byte: length, then a code.
          if (pending.length < 8 || pending.length < pending.readInt32BE(0)) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(pending.readInt32BE(0));
          if (code !== 80877103) started = true;
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readInt32BE(1)) return;
        const type = pending[0];
        if (type === 0x51 /* Q */ || type === 0x45 /* E */) statements++;
        if (type === 0x51 /* Q */ || type === 0x53 /* Sync */) exchanges++;
        // Texts are decoded only while recording, and for named statements (parsed once, executed
        // later by name): the load runs pass through without it.
        const named = type === 0x50 /* Parse: the statement's name, then its text */ && pending[5] !== 0;
        if (named || (recording && (type === 0x50 || type === 0x42 /* Bind: the portal's name, then the statement's */ || type === 0x51))) {
          const body = pending.subarray(5, 1 + pending.readInt32BE(1));
          const first = body.toString('utf8', 0, body.indexOf(0));
          const second = () => body.toString('utf8', body.indexOf(0) + 1, body.indexOf(0, body.indexOf(0) + 1));
          if (type === 0x50) parsedTexts.set(first, second());
          else if (type === 0x42) bound = second();
          else texts.push(first);
        }
        if (recording && type === 0x45) texts.push(parsedTexts.get(bound) ?? '?');
        pending = pending.subarray(1 + pending.readInt32BE(1));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(upstream.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  // Over TCP to the proxy, never straight to the server's socket.
  url.searchParams.delete('host');
  return { url: url.href, statements: () => statements, exchanges: () => exchanges, texts, record: (on) => void (recording = on), close: () => server.close() };
}
