import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { lockOperatorTextsForUpdate, setOperatorTexts, upsertLanguagePack } from '../../modules/lang/lang.queries.js';
import { DEFAULT_CLIENT, OPERATOR_TEXTS, mergedPack, packVersion, shippedPacks } from '../../modules/lang/lang.service.js';
import { withTransaction } from '../../lib/transaction.js';

// An operator's language text replaces the shipped one in every member's app: an empty one left the
// login page with a raw key for its button and blank links, and a renamed placeholder showed
// "{{minute}}" to members. Both are refused on the text's field; stored blanks never reach the app.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

let keys = 0;
const send = (body: unknown, token: string, lang?: string) =>
  lang
    ? call(t, 'POST', '/admin/api/settings/language-text', body, { token, lang })
    : decide(t, '/admin/api/settings/language-text', body, token, `language-texts-test-${Date.now().toString(36)}-${++keys}`);
/** The English pack the member app loads. */
const bag = async () => (await call(t, 'GET', '/user/getLangBag?client=h5', undefined, { lang: 'en-us' })).body.data as { version: string; pack: Record<string, string> };
const textDecisions = async (operator: string) => (await t.db.selectFrom('operator_actions').select('action').where('operator', '=', operator).where('action', 'like', 'language.text%').execute()).map((a) => a.action);

describe('language texts an operator saves', () => {
  it('an empty or blank text is refused under the text, in the operator’s language, and nothing changes; null still restores the shipped text', async () => {
    const owner = await signedInOperator(t, 'owner');
    const before = await bag();
    expect(before.pack['account.action.login']).toBe('Log in');
    for (const [key, text] of [['account.action.login', ''], ['account.action.toRegister', '   '], ['account.action.forgot', '\n\t ']] as const) {
      const refused = await send({ lang: 'en-us', key, text, reason: 'tidy up' }, owner.token);
      expect([refused.status, refused.body.code], JSON.stringify([key, text])).toEqual([422, ResponseCode.validation]);
      expect(refused.body.data.errors[0].field).toBe('text');
      expect(refused.body.msg).toMatch(/empty/i);
    }
    const inChinese = await send({ lang: 'en-us', key: 'account.action.login', text: ' ', reason: 'tidy up' }, owner.token, 'zh-cn');
    expect(inChinese.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const after = await bag();
    expect(after.version).toBe(before.version);
    expect([after.pack['account.action.login'], after.pack['account.action.toRegister'], after.pack['account.action.forgot']]).toEqual(['Log in', 'New here? Sign up', 'Forgot password?']);
    expect(await textDecisions(owner.recordedAs)).toEqual([]);
    // A text may still begin or end with a space (some are followed by more text); null is "the shipped text again".
    expect((await send({ lang: 'en-us', key: 'account.action.login', text: ' Sign in ', reason: 'wording' }, owner.token)).body.data.text).toBe(' Sign in ');
    const restored = await send({ lang: 'en-us', key: 'account.action.login', text: null, reason: 'back' }, owner.token);
    expect(restored.body.data).toMatchObject({ text: 'Log in', version: before.version });
  });

  it('a text keeps exactly the shipped text’s placeholders: a missing or unknown one is refused by name', async () => {
    const owner = await signedInOperator(t, 'owner');
    const key = 'account.code.loginLocked';
    expect(shippedPacks()['en-us'][key]).toContain('{{minutes}}');
    const before = await bag();
    const renamed = await send({ lang: 'en-us', key, text: 'Locked: wait {{minute}} minutes', reason: 'shorter' }, owner.token);
    expect([renamed.status, renamed.body.code, renamed.body.data.errors[0].field]).toEqual([422, ResponseCode.validation, 'text']);
    expect(renamed.body.msg).toContain('{{minutes}}');
    expect(renamed.body.msg).toContain('{{minute}}');
    const dropped = await send({ lang: 'en-us', key, text: 'Locked for a while', reason: 'shorter' }, owner.token);
    expect([dropped.status, dropped.body.msg]).toEqual([422, expect.stringContaining('{{minutes}}')]);
    const added = await send({ lang: 'en-us', key, text: 'Locked for {{minutes}} minutes, {{name}}', reason: 'friendlier' }, owner.token);
    expect([added.status, added.body.msg]).toEqual([422, expect.stringContaining('{{name}}')]);
    expect(added.body.msg).not.toContain('{{minutes}}');
    // Another text nested in, or component markup the app does not fill in, is no placeholder of this text either.
    for (const text of ['Locked for {{minutes}} minutes. $t(account.action.forgot)', 'Locked for <0>{{minutes}}</0> minutes']) {
      expect((await send({ lang: 'en-us', key, text, reason: 'link' }, owner.token)).status, text).toBe(422);
    }
    // In the operator's language, naming the placeholders as they are written.
    const inChinese = await send({ lang: 'en-us', key, text: 'Locked: wait {{minute}} minutes', reason: 'shorter' }, owner.token, 'zh-cn');
    expect(inChinese.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(inChinese.body.msg).toContain('{{minute}}');
    expect((await bag()).version).toBe(before.version);
    expect(await textDecisions(owner.recordedAs)).toEqual([]);

    // The same placeholders, moved, repeated or spaced as i18next reads them: taken.
    const taken = await send({ lang: 'en-us', key, text: '{{ minutes }} minutes to wait ({{minutes}})', reason: 'clearer' }, owner.token);
    expect(taken.body.code, taken.body.msg).toBe(200);
    // A plural form keeps its own form's placeholders (`_one` / `_other` are texts of their own).
    const plural = 'orders.totalOf_one';
    const shippedPlural = shippedPacks()['en-us'][plural]!;
    const names = shippedPlural.match(/\{\{\s*\w+\s*\}\}/g) ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect((await send({ lang: 'en-us', key: plural, text: 'Several items', reason: 'shorter' }, owner.token)).status).toBe(422);
    expect((await send({ lang: 'en-us', key: plural, text: `${names.join(' ')} in all`, reason: 'shorter' }, owner.token)).body.code).toBe(200);
    for (const k of [key, plural]) await send({ lang: 'en-us', key: k, text: null, reason: 'back' }, owner.token);
  });

  it('blank texts an earlier release stored are not served: the app and the console show the shipped text', async () => {
    const owner = await signedInOperator(t, 'owner');
    const shipped = shippedPacks()['en-us'];
    // As the earlier release stored them: the operators' texts, and the pack served with them.
    const stored = { 'account.action.login': '', 'account.action.toRegister': '   ', 'account.action.forgot': 'Lost it?' };
    await withTransaction(t.db, async (tx) => {
      await lockOperatorTextsForUpdate(tx, 'en-us', OPERATOR_TEXTS);
      await setOperatorTexts(tx, 'en-us', OPERATOR_TEXTS, stored);
      const pack = { ...shipped, ...stored };
      await upsertLanguagePack(tx, { lang: 'en-us', client: DEFAULT_CLIENT, version: packVersion(pack), pack });
    });
    // The next start (every process seeds the packs it serves). The stored pack's change notice may
    // still be on its way and read the packs again once more: what is served settles on the seeded one.
    await t.deps.languagePacks.seed(t.db, t.deps.i18n);
    await vi.waitFor(async () => {
      const served = await bag();
      expect([served.pack['account.action.login'], served.pack['account.action.toRegister'], served.pack['account.action.forgot']]).toEqual(['Log in', 'New here? Sign up', 'Lost it?']);
      expect(served.version).toBe(packVersion(mergedPack(shipped, { 'account.action.forgot': 'Lost it?' })));
    }, { timeout: 5_000, interval: 50 });
    const listed = (await call(t, 'GET', '/admin/api/settings/language-texts?lang=en-us&q=account.action&limit=100', undefined, { token: owner.token })).body.data.list as Array<{ key: string; text: string; changed: boolean }>;
    expect(listed.find((r) => r.key === 'account.action.login')).toMatchObject({ text: 'Log in', changed: false });
    expect(listed.find((r) => r.key === 'account.action.toRegister')).toMatchObject({ text: 'New here? Sign up', changed: false });
    expect(listed.find((r) => r.key === 'account.action.forgot')).toMatchObject({ text: 'Lost it?', changed: true });
    // The API's own messages read the same pack.
    expect((await send({ lang: 'en-us', key: 'account.action.forgot', text: null, reason: 'back' }, owner.token)).body.data.version).toBe(packVersion(shipped));
  });
});
