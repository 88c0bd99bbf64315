import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the extra file costs. */
const MIN_BYTES = 1024;
/** Operators edit these in the built app; a stale compressed copy would hide their edit. */
const EDITABLE = new Set(['config.js']);

/**
 * Writes `<file>.br` (brotli, top quality) and `<file>.gz` (gzip level 9) beside every compressible
 * file of the built app, so the server sends them as they are instead of compressing per request.
 * Returns the files compressed, relative to `dir`.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        walk(rel);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name) || EDITABLE.has(rel)) continue;
      const file = path.join(dir, rel);
      const body = fs.readFileSync(file);
      if (body.length < MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      const gz = gzipSync(body, { level: 9 });
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      done.push(rel);
    }
  };
  walk('');
  return done;
}

/** Vite build step: precompress the output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompressDir(outDir);
      this.info?.(`precompressed ${files.length} files (brotli and gzip)`);
    },
  };
}
