import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Answers under this many bytes go as they are: a compressed frame would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * JSON (and any other compressible answer) above the threshold is compressed with brotli or gzip,
 * whichever the client accepts; the web app's files arrive precompressed from the build instead
 * (the static plugin serves their .br/.gz), so they are never compressed per request.
 */
export async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Quality 4 keeps per-request brotli about as cheap as gzip; the top quality is for the build.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies are not inflated: members send small JSON, and a compressed upload would sidestep the body limit.
    globalDecompression: false,
  });
}
