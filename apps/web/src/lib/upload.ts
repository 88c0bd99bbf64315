import { createUploadToken, uploadedFileData, uploadFile as uploadCall, type UploadedFile } from '@shop/contract/account';
import type { Envelope } from '@shop/contract/common';
import { hostsForRegion } from '@/lib/region';
import { ApiError, call, requestHeaders } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { showToast } from '@/lib/toast';
import { useSession } from '@/stores/session';

/** Uploads one file (an avatar, a bank-transfer slip …): a one-time token, then the multipart upload with the bearer token (spec §7 Upload). */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const grant = await call(createUploadToken, { host_id: 1 });
  const form = new FormData();
  form.append('token', grant.token);
  form.append('file', file, file.name);
  const res = await fetch(`${hostsForRegion().upload}${grant.upload_path}`, {
    method: 'POST',
    body: form,
    // The spec's headers of every call (its language: a refusal comes in the member's words), the
    // body's type and boundary left to the browser.
    headers: uploadHeaders(),
  });
  const body = (await res.json().catch(() => undefined)) as Partial<Envelope> | undefined;
  // Spec §8: when data is missing or a list, the server's msg is shown.
  if (!body || body.code !== 200 || !body.data || Array.isArray(body.data)) {
    const msg = body?.msg ?? `HTTP ${res.status}`;
    showToast(msg);
    throw new ApiError('code', msg, body?.code, res.status);
  }
  return uploadedFileData.parse(body.data);
}

function uploadHeaders(): Record<string, string> {
  const headers = requestHeaders(uploadCall, useLanguage.getState().lang, useSession.getState().token);
  delete headers['Content-Type'];
  return headers;
}
