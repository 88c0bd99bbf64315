import { createUploadToken, uploadedFileData, uploadFile as uploadCall, uploadLimitMb, type UploadedFile } from '@shop/contract/account';
import { ResponseCode, type Envelope } from '@shop/contract/common';
import { i18n } from '@/lib/i18n';
import { hostsForRegion } from '@/lib/region';
import { ApiError, call, requestHeaders } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { showToast } from '@/lib/toast';
import { useSession } from '@/stores/session';

export interface UploadOptions {
  /** How much of the file has gone, from 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
}

/** Uploads one file (an avatar, a bank-transfer slip …): a one-time token, then the multipart upload with the bearer token (spec §7 Upload). */
export async function uploadFile(file: File, { onProgress }: UploadOptions = {}): Promise<UploadedFile> {
  const grant = await call(createUploadToken, { host_id: 1 });
  // Over its kind's limit, the file is not sent: the member is told the limit at once, not after minutes of sending.
  const video = file.type.startsWith('video/');
  const limit = video ? grant.max_video_bytes : grant.max_image_bytes;
  if (file.size > limit) {
    const message = i18n.t(video ? 'app.upload.videoTooLarge' : 'app.upload.pictureTooLarge', { mb: uploadLimitMb(limit) });
    showToast(message);
    throw new ApiError('code', message, ResponseCode.uploadTooLarge);
  }
  const form = new FormData();
  form.append('token', grant.token);
  form.append('file', file, file.name);
  // XMLHttpRequest, not fetch: only it tells how far the upload is (a 10 MB video on a slow network takes minutes).
  const res = await post(`${hostsForRegion().upload}${grant.upload_path}`, form, onProgress).catch((e: unknown) => {
    const message = i18n.t('app.error.network');
    showToast(message);
    throw new ApiError('network', message, undefined, undefined, e);
  });
  const body = (() => {
    try {
      return JSON.parse(res.text) as Partial<Envelope>;
    } catch {
      return undefined;
    }
  })();
  // Spec §8: when data is missing or a list, the server's msg is shown.
  if (!body || body.code !== 200 || !body.data || Array.isArray(body.data)) {
    const msg = body?.msg ?? `HTTP ${res.status}`;
    showToast(msg);
    throw new ApiError('code', msg, body?.code, res.status);
  }
  return uploadedFileData.parse(body.data);
}

/** Posts the form; answers the status and the body's text, or rejects when nothing came back. */
function post(url: string, form: FormData, onProgress: UploadOptions['onProgress']): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The spec's headers of every call (its language: a refusal comes in the member's words), the
    // body's type and boundary left to the browser.
    for (const [name, value] of Object.entries(uploadHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.addEventListener('progress', (e) => e.lengthComputable && e.total > 0 && onProgress(Math.min(1, e.loaded / e.total)));
    xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
    for (const failed of ['error', 'abort', 'timeout']) xhr.addEventListener(failed, () => reject(new Error(`upload ${failed}`)));
    xhr.send(form);
  });
}

function uploadHeaders(): Record<string, string> {
  const headers = requestHeaders(uploadCall, useLanguage.getState().lang, useSession.getState().token);
  delete headers['Content-Type'];
  return headers;
}
