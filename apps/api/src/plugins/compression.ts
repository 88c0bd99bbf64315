import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Answers under this many bytes go as they are: a compressed frame would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

// Quality 4 keeps per-request brotli about as cheap as gzip; the top quality is for the build.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * Answers of routes outside the contract's calls (the OpenAPI document, operator exports …) above
 * the threshold are compressed with brotli or gzip, whichever the client accepts; the web app's files
 * arrive precompressed from the build instead (the static plugin serves their .br/.gz), and the
 * contract's calls compress their own answers (`compressedAnswer`), so neither pays this plugin's
 * hooks on every request.
 */
export async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Request bodies are not inflated: members send small JSON, and a compressed upload would sidestep the body limit.
    globalDecompression: false,
  });
}

export type AnswerEncoding = 'br' | 'gzip';

/** Whether a text answer is large enough to compress (bytes, counted only when the characters leave it in doubt). */
export const worthCompressing = (text: string): boolean =>
  text.length >= COMPRESS_THRESHOLD_BYTES || (text.length * 3 >= COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(text) >= COMPRESS_THRESHOLD_BYTES);

// Clients send a handful of distinct Accept-Encoding headers: remember what each one chooses.
const encodingMemo = new Map<string, AnswerEncoding | null>();

/**
 * The encoding to answer in for an `Accept-Encoding` header: the one the client weighs highest of
 * brotli and gzip (brotli on a tie), none when it accepts neither (absent, `identity`, or `q=0`).
 */
export function chosenEncoding(accept: string | undefined): AnswerEncoding | undefined {
  if (!accept) return undefined;
  let chosen = encodingMemo.get(accept);
  if (chosen === undefined) {
    const weights = new Map<string, number>();
    for (const part of accept.toLowerCase().split(',')) {
      const [name, ...params] = part.split(';').map((p) => p.trim());
      if (!name) continue;
      const q = params.find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      weights.set(name, Number.isFinite(weight) ? weight : 0);
    }
    const weightOf = (name: AnswerEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
    const br = weightOf('br');
    const gz = weightOf('gzip');
    chosen = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : null;
    if (encodingMemo.size > 200) encodingMemo.clear();
    encodingMemo.set(accept, chosen);
  }
  return chosen ?? undefined;
}

/** The answer compressed in `encoding`, off the event loop (zlib's thread pool), in one piece. */
export function compressedAnswer(body: string | Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (encoding === 'br') {
      brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }, done);
    } else {
      gzip(bytes, { level: GZIP_LEVEL }, done);
    }
  });
}
