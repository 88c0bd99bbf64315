// `node scripts/run-api.mjs <entry> [arguments…]`: runs one of the API's entry points (a file of
// apps/api/src, e.g. src/ops/cli.ts from apps/api) from its bundle, made again when the sources
// changed (scripts/api-bundle.mjs). The entry sees its own arguments as if it had been started itself.
import { runApi } from './api-bundle.mjs';

const entry = process.argv[2];
if (!entry) {
  console.error('usage: node scripts/run-api.mjs <entry.ts> [arguments…]');
  process.exit(2);
}
process.argv.splice(2, 1);
await runApi(entry, (line) => console.error(`[${entry}] ${line}`));
