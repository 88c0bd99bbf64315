import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { widePool } from '../../../test/test-database.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';

// A member may upload 3 files and 1 MB in any 24 hours here (100 files and 200 MB by default): past
// either, the upload is refused in the member's language and nothing of it is kept.

let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-upload-quota-'));
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir, UPLOAD_FILES_PER_DAY: '3', UPLOAD_MB_PER_DAY: '1' });
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<typeof newMember>>;
const MB = 1024 * 1024;
const QUOTA_EN = 'You have uploaded too much today. Please try again tomorrow';
const QUOTA_JP = '本日のアップロード量が上限に達しました。明日もう一度お試しください';

/** Every file under the upload folder, the temporary folder included. */
const storedFiles = () => {
  const dir = path.join(dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
};
const rowsOf = async (m: Member) => (await t.db.selectFrom('uploads').select('id').where('user_id', '=', m.userId).execute()).length;

/** Uploads the member made earlier (rows only): `count` of `size` bytes each, `hoursAgo` hours ago. */
async function earlierUploads(m: Member, count: number, hoursAgo: number, size = 1000) {
  for (let i = 0; i < count; i++) {
    await t.db
      .insertInto('uploads')
      .values({ user_id: m.userId, storage_key: `2026/12/${randomUUID()}.png`, mime: 'image/png', kind: 'image', size, original_name: null, public: false, created_at: sql<Date>`now() - make_interval(hours => ${hoursAgo})` })
      .execute();
  }
}

const photo = (bytes = 0) =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#c84' } })
    .png()
    .toBuffer()
    .then((png) => Buffer.concat([png, Buffer.alloc(Math.max(0, bytes - png.length))]));

const createToken = (m: Member, lang?: string) => call(t, 'POST', '/user/upload/createToken', { headers: m.headers, body: { host_id: 1 }, lang });

const BOUNDARY = '----uploadQuotaBoundary9f';
async function upload(m: Member, token: string, file: Buffer, lang = 'en-us') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload2',
    headers: { ...m.headers, 'think-lang': lang, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  return res.json() as { code: number; msg: string; data: any };
}

describe('daily upload quota', () => {
  it('refuses the file past the day\'s count, in the member\'s language, keeping nothing of it; another member is unaffected', async () => {
    const m = await newMember(t);
    await earlierUploads(m, 2, 23);
    // A token asked before the last slot is taken: the upload it carries is still counted when it arrives.
    const spare = (await createToken(m)).body.data.token as string;
    expect((await upload(m, (await createToken(m)).body.data.token, await photo())).code).toBe(200);

    const [files, rows] = [storedFiles(), await rowsOf(m)];
    expect((await createToken(m, 'jp')).body).toMatchObject({ code: ResponseCode.uploadQuota, msg: QUOTA_JP, data: null });
    expect(await upload(m, spare, await photo())).toMatchObject({ code: ResponseCode.uploadQuota, msg: QUOTA_EN });
    const inline = await call(t, 'POST', '/user/upload', { headers: m.headers, body: { image: `data:image/png;base64,${(await photo()).toString('base64')}` }, lang: 'jp' });
    expect(inline.body).toMatchObject({ code: ResponseCode.uploadQuota, msg: QUOTA_JP });
    expect(storedFiles()).toBe(files);
    expect(await rowsOf(m)).toBe(rows);

    const other = await newMember(t);
    expect((await upload(other, (await createToken(other)).body.data.token, await photo())).code).toBe(200);
  });

  it('refuses a file that would pass the day\'s megabytes once it has arrived, removing what was streamed', async () => {
    const m = await newMember(t);
    await earlierUploads(m, 1, 1, MB - 500);
    const token = (await createToken(m)).body.data.token as string;
    const [files, rows] = [storedFiles(), await rowsOf(m)];
    expect(await upload(m, token, await photo(1000), 'jp')).toMatchObject({ code: ResponseCode.uploadQuota, msg: QUOTA_JP });
    expect(storedFiles()).toBe(files);
    expect(await rowsOf(m)).toBe(rows);
    // What still fits is taken.
    expect((await upload(m, (await createToken(m)).body.data.token, await photo(400))).code).toBe(200);
  });

  it('does not count uploads older than 24 hours', async () => {
    const m = await newMember(t);
    await earlierUploads(m, 5, 25, MB);
    expect((await upload(m, (await createToken(m)).body.data.token, await photo())).code).toBe(200);
  });

  it('keeps only the uploads that fit when several arrive at once for the last slot', async () => {
    const m = await newMember(t);
    await earlierUploads(m, 2, 2);
    const tokens = await Promise.all([1, 2, 3, 4].map(async () => (await createToken(m)).body.data.token as string));
    const file = await photo();
    // New rows are held back until all four uploads are counting or waiting to: they meet at the last slot at once.
    const side = widePool(t.db, 2);
    let sent: Promise<Array<Awaited<ReturnType<typeof upload>>>> | undefined;
    await side.transaction().execute(async (tx) => {
      await sql`lock table uploads in share row exclusive mode`.execute(tx);
      sent = Promise.all(tokens.map((token) => upload(m, token, file)));
      await vi.waitFor(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where d.datname = current_database() and not l.granted`.execute(side);
        expect(rows[0]!.n).toBe(4);
      }, { timeout: 15_000, interval: 20 });
    });
    const answers = await sent!;
    await side.destroy();
    expect(answers.map((a) => a.code).sort()).toEqual([200, ResponseCode.uploadQuota, ResponseCode.uploadQuota, ResponseCode.uploadQuota]);
    expect(await rowsOf(m)).toBe(3);
  });
});
