import type { AppDeps } from '../app-deps.js';
import { seedCatalogueDemo } from '../modules/catalogue/demo/demo.seed.js';
import { demoImagesDir, warmDemoImages } from '../modules/catalogue/demo/demo-images.js';
import { seedDemoMember } from '../modules/accounts/accounts.seed.js';
import { seedShowcaseDemo } from './showcase.seed.js';

/**
 * Demo data for `npm start` (and for tests that want a believable shop): each area adds a seeder.
 * Seeders are idempotent: each checks whether its data is there and adds only what is missing.
 */
export const demoSeeders: Array<{ name: string; run: (deps: AppDeps) => Promise<void> }> = [
  { name: 'demo member', run: seedDemoMember },
  { name: 'catalogue and content', run: seedCatalogueDemo },
  { name: 'group buys, welcome coupon, goods from abroad, the demo member\'s points and gift cards', run: seedShowcaseDemo },
];

/** How many goods, as the shop lists them first, have their first gallery picture drawn at start. */
const FIRST_GOODS_DRAWN = 12;

export async function seedDemoData(deps: AppDeps, log: (line: string) => void = () => {}): Promise<void> {
  for (const seeder of demoSeeders) {
    const started = Date.now();
    await seeder.run(deps);
    log(`demo data: ${seeder.name} ready (${Date.now() - started} ms)`);
  }
  // The home page's and the first goods pages' first pictures are drawn while the server starts listening, not for its first visitor.
  const listedFirst = await deps.db.selectFrom('goods').select('images').where('status', '=', 'on_sale').orderBy('sort', 'desc').orderBy('id').limit(FIRST_GOODS_DRAWN).execute();
  // Said only when it fails: a line after "the shop is open at …" would push the address up.
  void warmDemoImages(
    listedFirst.map((g) => (Array.isArray(g.images) ? String(g.images[0] ?? '') : '')),
    demoImagesDir(deps.config),
  ).then(
    () => undefined,
    (e: unknown) => log(`demo data: first pictures not drawn ahead (${e instanceof Error ? e.message : String(e)})`),
  );
}
