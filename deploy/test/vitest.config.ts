import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: the production topology on this machine, one file, its scenarios in order. */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
