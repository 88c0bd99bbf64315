import type { AppDeps } from '../app-deps.js';
import { seedCatalogueDemo } from '../modules/catalogue/demo/demo.seed.js';
import { seedDemoMember } from '../modules/accounts/accounts.seed.js';

/**
 * Demo data for `npm start` (and for tests that want a believable shop): each area adds a seeder.
 * Seeders are idempotent: each checks whether its data is there and adds only what is missing.
 */
export const demoSeeders: Array<{ name: string; run: (deps: AppDeps) => Promise<void> }> = [
  { name: 'demo member', run: seedDemoMember },
  { name: 'catalogue and content', run: seedCatalogueDemo },
];

export async function seedDemoData(deps: AppDeps, log: (line: string) => void = () => {}): Promise<void> {
  for (const seeder of demoSeeders) {
    const started = Date.now();
    await seeder.run(deps);
    log(`demo data: ${seeder.name} ready (${Date.now() - started} ms)`);
  }
}
