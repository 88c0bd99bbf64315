import http from 'node:http';

/**
 * One keep-alive connection per concurrent caller, as autocannon keeps for the GET rows. The rows
 * driven by code (a checkout's calls, a member opening a case) send through this instead of
 * `fetch`, whose client costs about 150 µs of CPU per request against about 35 µs here: on two
 * cores that CPU is taken from the shop and the database under measurement.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A request on loopback; answers the status and the body's text (a redirect is answered, not followed).
 * `from` is the loopback address it is sent from (any of 127.0.0.0/8 on Linux), so that callers standing for
 * different members are not counted as one address by the shop's limits.
 */
export function httpCall(url: string, init: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', agent, localAddress: init.from, headers: init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
