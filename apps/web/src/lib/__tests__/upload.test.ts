import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/request';
import { uploadFile } from '@/lib/upload';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, startFakeApi, toastText } from '@/test/helpers';

let refuse = false;
const api = await startFakeApi({
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': () => (refuse ? { json: { code: 3061, msg: 'Ce type de fichier n’est pas pris en charge', data: null } } : ok({ id: 5, url: '/uploads/m/5.png', kind: 'image', mime: 'image/png', size: 4096 })),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  refuse = false;
  useSession.getState().signIn('member-token', null);
  useLanguage.setState({ lang: 'zh-cn' });
});
afterEach(async () => {
  useLanguage.setState({ lang: 'en-us' });
  await clearToasts();
});

const photo = () => new File([new Uint8Array(4096)], 'lid.png', { type: 'image/png' });

describe('uploading a file', () => {
  it('tells how far the upload is, and sends the token, the file and the headers of every call', async () => {
    const seen: number[] = [];
    const done = await uploadFile(photo(), { onProgress: (fraction) => seen.push(fraction) });
    expect(done).toEqual({ id: 5, url: '/uploads/m/5.png', kind: 'image', mime: 'image/png', size: 4096 });
    // Every step the browser reports, up to the whole file.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
    const sent = api.requests.filter((r) => r.url === '/upload2').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers.authorization).toBe('Bearer member-token');
    // A refusal comes in the member's words.
    expect(sent.headers['think-lang']).toBe('zh-cn');
    expect(sent.headers['accept-language']).toBe('zh-cn');
    expect(sent.headers.source).toBe('H5');
    expect(sent.body).toContain('name="token"\r\n\r\nupload-token');
    expect(sent.body).toContain('filename="lid.png"');
  });

  it('does not send a picture or a video over its limit and tells the member the limit', async () => {
    const sentBefore = api.requests.filter((r) => r.url === '/upload2').length;
    const bigPhoto = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'shelf.png', { type: 'image/png' });
    const refused = await uploadFile(bigPhoto).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(await toastText(2000)).toBe('This picture is too large: pictures up to 2 MB');
    await clearToasts();
    const bigVideo = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'unboxing.mp4', { type: 'video/mp4' });
    await uploadFile(bigVideo).catch(() => undefined);
    expect(await toastText(2000)).toBe('This video is too large: videos up to 10 MB');
    expect(api.requests.filter((r) => r.url === '/upload2').length).toBe(sentBefore);
    // A video of 3 MB is within its own limit and goes.
    await uploadFile(new File([new Uint8Array(3 * 1024 * 1024)], 'clip.mp4', { type: 'video/mp4' }));
    expect(api.requests.filter((r) => r.url === '/upload2').length).toBe(sentBefore + 1);
  });

  it('shows a refusal in the server’s words and rejects', async () => {
    refuse = true;
    const failed = await uploadFile(photo()).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(await toastText(2000)).toBe('Ce type de fichier n’est pas pris en charge');
  });
});
