import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newMember } from '../../modules/address/__tests__/address-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The language pack as a browser asks for it (brotli accepted), with or without a session. */
async function languagePack(token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/user/getLangBag?client=h5',
    headers: { 'accept-encoding': 'br', 'think-lang': 'en-us', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  return JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as { code: number; data: { pack: Record<string, string> } };
}

describe('a call answered synchronously', () => {
  it('reaches a logged-in member whole, as it reaches a visitor (the language pack, large enough to be compressed)', async () => {
    const member = await newMember(t);
    const visitor = await languagePack();
    expect(visitor.data.pack['address.add']).toBe('Add a new address');
    expect(await languagePack(member.token)).toEqual(visitor);
  });
});
