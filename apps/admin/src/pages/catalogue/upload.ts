import type { UploadedFile } from '@shop/contract/account';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { uploadImageRoute } from '../../lib/routes-catalogue';
import { sessionStore } from '../../lib/session';

/** Sends one picture to the operators' upload call (multipart, the members' checks); answers where it is served. */
export async function uploadPicture(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { token } = sessionStore.get();
  let res: Response;
  try {
    res = await fetch(uploadImageRoute.path, { method: 'POST', headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': i18n.language, 'think-lang': i18n.language }, body });
  } catch {
    throw new ApiError(i18n.t('common.network'), 0, 0);
  }
  const envelope = (await res.json().catch(() => null)) as { code: number; msg: string; data: UploadedFile } | null;
  if (!envelope) throw new ApiError(i18n.t('common.network'), 0, res.status);
  if (envelope.code !== 200) throw new ApiError(envelope.msg, envelope.code, res.status);
  return envelope.data;
}

/** One upload at a time for antd's `Upload`: whether one is on its way, and the request that hands the stored file over (a refusal is a message). */
export function usePictureUpload(onUploaded: (uploaded: UploadedFile, original: File) => void) {
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const customRequest = async ({ file }: { file: unknown }) => {
    setBusy(true);
    try {
      onUploaded(await uploadPicture(file as File), file as File);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, customRequest };
}
