import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ByteRange, FileStorage } from './storage.js';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it (`/` kept in paths). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
export const EMPTY_SHA256 = sha256('');

/**
 * AWS Signature Version 4 for one request: returns the headers to send (with `Authorization`).
 * `headers` are the ones to sign besides host, x-amz-date and x-amz-content-sha256.
 */
export function signV4(req: {
  method: string;
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  payloadHash: string;
  headers?: Record<string, string>;
  date?: Date;
}): Record<string, string> {
  const amzDate = (req.date ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { host: req.url.host, 'x-amz-content-sha256': req.payloadHash, 'x-amz-date': amzDate };
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v.trim();
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...req.url.searchParams.entries()]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalPath = req.url.pathname.split('/').map((seg) => encode(decodeURIComponent(seg))).join('/');
  const canonical = [req.method, canonicalPath, canonicalQuery, names.map((n) => `${n}:${headers[n]}\n`).join(''), names.join(';'), req.payloadHash].join('\n');
  const scope = `${day}/${req.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${req.secretAccessKey}`, day), req.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization: `AWS4-HMAC-SHA256 Credential=${req.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

/** Files in an S3-compatible bucket (path-style addresses), signed with SigV4; no SDK needed. */
export class S3FileStorage implements FileStorage {
  readonly tempDir: string;

  constructor(private o: S3Options) {
    this.tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upload-'));
  }

  private url(key: string): URL {
    return new URL(`${this.o.endpoint.replace(/\/+$/, '')}/${encode(this.o.bucket)}/${key.split('/').map(encode).join('/')}`);
  }

  private async send(method: 'GET' | 'PUT' | 'HEAD', key: string, body?: Buffer, extra: Record<string, string> = {}): Promise<Response> {
    const url = this.url(key);
    const payloadHash = body ? sha256(body) : EMPTY_SHA256;
    const headers = signV4({ method, url, region: this.o.region, accessKeyId: this.o.accessKeyId, secretAccessKey: this.o.secretAccessKey, payloadHash, headers: extra });
    return fetch(url, { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(30_000) });
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const body = await fs.promises.readFile(tempPath);
    await this.write(key, body);
    await fs.promises.rm(tempPath, { force: true });
  }

  async write(key: string, data: Buffer): Promise<void> {
    const res = await this.send('PUT', key, data, { 'content-type': 'application/octet-stream' });
    if (!res.ok) throw new Error(`S3 PUT ${key} answered HTTP ${res.status}`);
  }

  async read(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const res = await this.send('GET', key, undefined, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (res.status === 404) return undefined;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key} answered HTTP ${res.status}`);
    const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
    if (!range || res.status === 206) return body;
    // A store that ignores `Range` sends the whole object (at most 10 MB): the part is cut here.
    return Readable.from([Buffer.concat(await body.toArray()).subarray(range.start, range.end + 1)]);
  }

  async size(key: string): Promise<number | undefined> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 HEAD ${key} answered HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length'));
    if (!Number.isSafeInteger(length) || length < 0) throw new Error(`S3 HEAD ${key} answered no Content-Length`);
    return length;
  }

  async exists(key: string): Promise<boolean> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return false;
    if (!res.ok) throw new Error(`S3 HEAD ${key} answered HTTP ${res.status}`);
    return true;
  }
}
