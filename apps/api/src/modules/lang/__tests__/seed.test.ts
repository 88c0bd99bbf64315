import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsFor } from '../../../deps.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { DEFAULT_CLIENT, OPERATOR_TEXTS } from '../lang.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const stored = (lang: string) => t.db.selectFrom('language_packs').select(['version', 'pack', 'updated_at']).where('lang', '=', lang).where('client', '=', DEFAULT_CLIENT).executeTakeFirstOrThrow();
/** A process starting on the database (as a restart or another server does): what it serves in `lang`. */
async function startAndServe(lang: 'en-us' | 'zh-cn') {
  const deps = await depsFor(t.deps.config, t.db);
  return deps.languagePacks.get(lang, DEFAULT_CLIENT)!;
}

describe('the language packs at a process start', () => {
  it('stores nothing when the stored packs are this release’s, and serves them', async () => {
    const before = await stored('en-us');
    const served = await startAndServe('en-us');
    expect(served.version).toBe(before.version);
    expect(served.pack['app.action.back']).toBe('Back');
    expect((await stored('en-us')).updated_at).toEqual(before.updated_at);
  });

  it('replaces a pack of another release, and keeps the texts operators changed', async () => {
    await t.db.updateTable('language_packs').set({ version: 'older-release', pack: JSON.stringify({ 'app.action.back': 'Old back' }) }).where('lang', '=', 'zh-cn').where('client', '=', DEFAULT_CLIENT).execute();
    await t.db
      .insertInto('language_packs')
      .values({ lang: 'en-us', client: OPERATOR_TEXTS, version: '', pack: JSON.stringify({ 'app.action.back': 'Go back', 'no.longer.shipped': 'x' }) })
      .onConflict((oc) => oc.columns(['lang', 'client']).doUpdateSet({ pack: (eb) => eb.ref('excluded.pack') }))
      .execute();
    const zh = await startAndServe('zh-cn');
    expect(zh.version).not.toBe('older-release');
    expect(zh.pack['app.action.back']).not.toBe('Old back');
    expect((await stored('zh-cn')).version).toBe(zh.version);

    const en = await startAndServe('en-us');
    expect(en.pack['app.action.back']).toBe('Go back');
    expect(en.pack['no.longer.shipped']).toBeUndefined();
    expect(await stored('en-us')).toMatchObject({ version: en.version, pack: expect.objectContaining({ 'app.action.back': 'Go back' }) });
  });
});
