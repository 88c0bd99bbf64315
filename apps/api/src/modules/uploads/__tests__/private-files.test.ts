import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { withCollectionAccounts } from '../../wallet/__tests__/fixtures.js';
import { grantMemberRole } from '../../members/roles.queries.js';
import { signedUrl } from '../file-addresses.js';
import { up as keepAddressesHere } from '../../../db/migrations/2026_11_30_2000_upload_addresses_kept_here.js';

// What a member uploads is private until it is used publicly: it is read only through an address
// signed for its key that ends within the hour, handed to its owner and to the operators allowed to
// see it. A visitor, another member, a forged or an ended address are answered "not found". Avatars
// and review pictures become public; the shop's own pictures are public from the start.

let t: TestApp;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  await withCollectionAccounts(t);
  support = await newOperatorSession(t.db, 'support');
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
let n = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `private-files-${Date.now()}-${n++}` });
const fetchFile = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, ''), headers });
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();

async function uploadInline(headers: Headers): Promise<{ id: number; url: string; key: string }> {
  const res = await call(t, 'POST', '/user/upload', { headers, body: { image: `data:image/png;base64,${(await png()).toString('base64')}` } });
  expect(res.body.code).toBe(200);
  const url: string = res.body.data.url;
  return { id: res.body.data.id, url, key: /\/uploads\/([^?]+)/.exec(url)![1]! };
}

describe('private uploads', () => {
  it('a member\'s upload is served only through its signed address, kept privately by the browser; forged, moved or ended addresses are not found', async () => {
    const m = await newMember(t);
    const file = await uploadInline(m.headers);
    expect(file.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png\?exp=\d+&sig=[\w-]+$/);
    const shown = await fetchFile(file.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(String(shown.headers['cache-control']))![1])).toBeLessThanOrEqual(3600);
    // Resized copies need the signature too.
    expect((await fetchFile(`${file.url}&width=200`)).statusCode).toBe(200);
    expect((await fetchFile(`/uploads/${file.key}?width=200`)).statusCode).toBe(404);

    // A visitor (or anyone) with the bare address, a forged signature, or another file's signature.
    expect((await fetchFile(`/uploads/${file.key}`)).statusCode).toBe(404);
    expect((await fetchFile(file.url.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(404);
    const other = await uploadInline(m.headers);
    expect((await fetchFile(`/uploads/${file.key}${other.url.slice(other.url.indexOf('?'))}`)).statusCode).toBe(404);
    // A later end than signed.
    expect((await fetchFile(file.url.replace(/exp=(\d+)/, (_, e: string) => `exp=${Number(e) + 1800}`))).statusCode).toBe(404);
    // An address that has ended (signed two hours ago).
    const ended = signedUrl(t.deps, file.key, Date.now() - 2 * 3_600_000);
    expect((await fetchFile(ended)).statusCode).toBe(404);
    // Even to its owner the bare address says nothing: the file is read by its signed address only.
    expect((await fetchFile(`/uploads/${file.key}`, m.headers)).statusCode).toBe(404);
  });

  it('feedback pictures reach their owner and support operators signed; another member and a visitor get nothing', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const file = await uploadInline(a.headers);
    const cats = (await call(t, 'GET', '/user/feedback/cate', { headers: a.headers })).body.data.list;
    const sent = await call(t, 'POST', '/user/feedback/create', { headers: keyed(a.headers), body: { cate_id: cats[0].id, content: 'Box was open', images: [file.id] } });
    expect(sent.body.code).toBe(200);
    const id = sent.body.data.id;

    const mine = (await call(t, 'GET', `/user/feedback/info?id=${id}`, { headers: a.headers })).body.data;
    expect(mine.images[0]).toMatch(new RegExp(`/uploads/${file.key}\\?exp=\\d+&sig=`));
    expect((await fetchFile(mine.images[0])).statusCode).toBe(200);

    const theirs = await call(t, 'GET', `/user/feedback/info?id=${id}`, { headers: b.headers });
    expect(theirs.body.code).not.toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(file.key);
    const visitor = await call(t, 'GET', `/user/feedback/info?id=${id}`, {});
    expect(visitor.body.code).not.toBe(200);
    expect(JSON.stringify(visitor.body)).not.toContain(file.key);

    const desk = (await call(t, 'GET', '/admin/api/feedback/list?page=1&limit=50', { headers: support.headers })).body.data.list.find((f: { id: number }) => f.id === id);
    expect(desk.images[0]).toMatch(/\?exp=\d+&sig=/);
    expect((await fetchFile(desk.images[0])).statusCode).toBe(200);
  });

  it('an avatar becomes public: its lasting address is saved and served to anyone, cached publicly', async () => {
    const m = await newMember(t);
    const file = await uploadInline(m.headers);
    expect((await fetchFile(`/uploads/${file.key}`)).statusCode).toBe(404);
    const saved = await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { avatar: file.url } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.avatar).toBe(`/uploads/${file.key}`);
    const shown = await fetchFile(`/uploads/${file.key}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a bank transfer slip is kept by its path and read signed by the member and the finance desk', async () => {
    const m = await newMember(t);
    const finance = await newOperatorSession(t.db, 'owner');
    const file = await uploadInline(m.headers);
    const created = await call(t, 'POST', '/user/recharge/create', { headers: keyed(m.headers), body: { channel: 'bank_transfer', amount: '20.00', currency: 'USD', slip: file.url } });
    expect(created.body.code).toBe(200);
    expect(created.body.data.slip).toMatch(new RegExp(`^/uploads/${file.key}\\?exp=\\d+&sig=`));
    const stored = await t.db.selectFrom('recharge_orders').select('slip').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(stored.slip).toBe(`/uploads/${file.key}`);
    const listed = (await call(t, 'GET', '/admin/api/wallet/recharges?status=under_review&page=1&limit=100', { headers: finance.headers })).body.data.list.find((r: { id: number }) => r.id === created.body.data.id);
    expect((await fetchFile(listed.slip)).statusCode).toBe(200);
  });

  it('a shop logo must be the owner\'s own picture; it becomes public by its lasting address', async () => {
    const owner = await newMember(t);
    const stranger = await newMember(t);
    await grantMemberRole(t.db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'test' });
    const theirs = await uploadInline(stranger.headers);
    const refused = await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(owner.headers), body: { name: 'Corner shop', logo: theirs.url } });
    expect(refused.body.code).toBe(422);
    expect((await fetchFile(`/uploads/${theirs.key}`)).statusCode).toBe(404);
    const mine = await uploadInline(owner.headers);
    const saved = await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(owner.headers), body: { name: 'Corner shop', logo: mine.url } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.logo).toBe(`/uploads/${mine.key}`);
    expect((await fetchFile(`/uploads/${mine.key}`)).statusCode).toBe(200);
  });
});

describe('pictures members show to others are ours', () => {
  it('an avatar given on an outside server is kept at our own address; other members never load the outside one', async () => {
    const m = await newMember(t);
    const file = await uploadInline(m.headers);
    const saved = await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { avatar: `https://attacker.example/uploads/${file.key}` } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.avatar).toBe(`/uploads/${file.key}`);
    const stored = await t.db.selectFrom('users').select('avatar').where('id', '=', m.userId).executeTakeFirstOrThrow();
    expect(stored.avatar).toBe(`/uploads/${file.key}`);
    expect((await call(t, 'GET', '/user/info/index', { headers: m.headers })).body.data.avatar).toBe(`/uploads/${file.key}`);
    expect((await fetchFile(`/uploads/${file.key}`)).statusCode).toBe(200);
  });

  it('a shop logo given on an outside server is kept at our own address; a buyer sees only ours', async () => {
    const owner = await newMember(t);
    const buyer = await newMember(t);
    await grantMemberRole(t.db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'test' });
    const mine = await uploadInline(owner.headers);
    const saved = await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(owner.headers), body: { name: 'Demo Corner', logo: `https://127.0.0.1:3989/uploads/${mine.key}` } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.logo).toBe(`/uploads/${mine.key}`);
    const seen = (await call(t, 'GET', `/attractive/shop/shopInfo?shop_id=${saved.body.data.id}`, { headers: buyer.headers })).body.data;
    expect(seen.logo).toBe(`/uploads/${mine.key}`);
    expect(JSON.stringify(seen)).not.toContain('127.0.0.1');
  });

  it('a transfer slip given on an outside server is kept by its path here', async () => {
    const m = await newMember(t);
    const file = await uploadInline(m.headers);
    const created = await call(t, 'POST', '/user/recharge/create', { headers: keyed(m.headers), body: { channel: 'bank_transfer', amount: '20.00', currency: 'USD', slip: `https://attacker.example/uploads/${file.key}` } });
    expect(created.body.code).toBe(200);
    const stored = await t.db.selectFrom('recharge_orders').select('slip').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(stored.slip).toBe(`/uploads/${file.key}`);
  });

  it('a replaced avatar is private again: its bare address is not found, the new one is shown', async () => {
    const m = await newMember(t);
    const a = await uploadInline(m.headers);
    const b = await uploadInline(m.headers);
    expect((await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { avatar: a.url } })).body.code).toBe(200);
    expect((await fetchFile(`/uploads/${a.key}`)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { avatar: b.url } })).body.code).toBe(200);
    expect((await fetchFile(`/uploads/${a.key}`)).statusCode).toBe(404);
    expect((await fetchFile(`/uploads/${b.key}`)).statusCode).toBe(200);
    // Saving the same avatar again (or only the nickname) keeps it shown.
    expect((await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { avatar: b.url } })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { nickname: 'Renamed' } })).body.code).toBe(200);
    expect((await fetchFile(`/uploads/${b.key}`)).statusCode).toBe(200);
    // The owner still reads the old one through its signed address.
    expect((await fetchFile(signedUrl(t.deps, a.key))).statusCode).toBe(200);
  });

  it('a replaced shop logo is private again, unless the owner\'s avatar still shows it', async () => {
    const owner = await newMember(t);
    await grantMemberRole(t.db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'test' });
    const a = await uploadInline(owner.headers);
    const b = await uploadInline(owner.headers);
    const c = await uploadInline(owner.headers);
    expect((await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(owner.headers), body: { name: 'Corner shop', logo: a.url } })).body.code).toBe(200);
    expect((await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(owner.headers), body: { name: 'Corner shop', logo: b.url } })).body.code).toBe(200);
    expect((await fetchFile(`/uploads/${a.key}`)).statusCode).toBe(404);
    expect((await fetchFile(`/uploads/${b.key}`)).statusCode).toBe(200);
    // The same picture as the avatar too: replacing the logo leaves the avatar shown.
    expect((await call(t, 'POST', '/user/info/save', { headers: owner.headers, body: { avatar: b.url } })).body.code).toBe(200);
    expect((await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(owner.headers), body: { name: 'Corner shop', logo: c.url } })).body.code).toBe(200);
    expect((await fetchFile(`/uploads/${b.key}`)).statusCode).toBe(200);
  });

  it('avatars and logos already kept with an outside host are moved to our address, or cleared when the file is not the member\'s; replaced pictures go private', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await grantMemberRole(t.db, { member_id: a.userId, kind: 'shop_owner', granted_by: 'test' });
    const aFile = await uploadInline(a.headers);
    const aOld = await uploadInline(a.headers);
    const bFile = await uploadInline(b.headers);
    const shop = await call(t, 'POST', '/attractive/shop/editShop', { headers: keyed(a.headers), body: { name: 'Old rows', logo: aFile.url } });
    expect(shop.body.code).toBe(200);
    // As the defect left them: hosts kept as typed, and an avatar replaced while its file stayed public.
    await t.db.updateTable('users').set({ avatar: `https://attacker.example/uploads/${aFile.key}` }).where('id', '=', a.userId).execute();
    await t.db.updateTable('users').set({ avatar: `https://attacker.example/uploads/${aFile.key}` }).where('id', '=', b.userId).execute();
    await t.db.updateTable('member_shops').set({ logo: `https://127.0.0.1:3989/uploads/${bFile.key}` }).where('owner_id', '=', a.userId).execute();
    await t.db.updateTable('uploads').set({ public: true }).where('storage_key', '=', aOld.key).execute();
    await keepAddressesHere(t.db);
    const avatarOf = async (id: number) => (await t.db.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;
    expect(await avatarOf(a.userId)).toBe(`/uploads/${aFile.key}`);
    expect(await avatarOf(b.userId)).toBeNull();
    expect((await t.db.selectFrom('member_shops').select('logo').where('owner_id', '=', a.userId).executeTakeFirstOrThrow()).logo).toBe('');
    expect((await fetchFile(`/uploads/${aFile.key}`)).statusCode).toBe(200);
    expect((await fetchFile(`/uploads/${aOld.key}`)).statusCode).toBe(404);
  });
});
