import path from 'node:path';
import { PROJECT_ROOT } from '../config.js';

/**
 * The arguments of `node` that start one of the API's entry points in a process of its own, as
 * `npm run ops`, `npm run worker` and `npm start --workspace apps/api` do: scripts/run-api.mjs with
 * the entry (a file of apps/api/src), which runs its bundle, made again when the sources changed.
 */
export const apiProcessArgs = (entry: string): string[] => [path.join(PROJECT_ROOT, 'scripts/run-api.mjs'), path.join(PROJECT_ROOT, 'apps/api/src', entry)];

/** `npm run ops -- …` without npm's banner: `node` with these arguments, then the command's. */
export const OPS_CLI = apiProcessArgs('ops/cli.ts');
