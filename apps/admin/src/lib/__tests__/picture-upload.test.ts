import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { uploadPicture } from '../upload';

// A picture over the upload limit is refused in the console before any of it is sent, naming the limit
// in the operator's language; a picture within it goes to the server.

let sent = 0;
beforeAll(async () => {
  await initI18n();
  await changeLanguage('hu');
});
afterAll(() => changeLanguage('en-us'));
afterEach(() => vi.unstubAllGlobals());

describe('uploading a picture from the console', () => {
  it('refuses a picture over 2 MB without sending it, and sends one within the limit', async () => {
    sent = 0;
    vi.stubGlobal('fetch', async () => {
      sent += 1;
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { id: 3, url: '/uploads/2026/11/a.png', kind: 'image', mime: 'image/png', size: 4096 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const tooBig = new File([new Uint8Array(10_800_000)], 'shelf.png', { type: 'image/png' });
    await expect(uploadPicture(tooBig)).rejects.toThrow('A kép túl nagy: képek legfeljebb 2 MB méretűek lehetnek');
    expect(sent).toBe(0);
    await expect(uploadPicture(new File([new Uint8Array(2 * 1024 * 1024)], 'shelf.png', { type: 'image/png' }))).resolves.toMatchObject({ id: 3, kind: 'image' });
    expect(sent).toBe(1);
  });
});
