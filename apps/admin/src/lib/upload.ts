import { UPLOAD_MAX_IMAGE_BYTES, uploadLimitMb, type UploadedFile } from '@shop/contract/account';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { i18n } from './i18n';
import { callWithForm } from './request';
import { uploadImageRoute } from './routes-catalogue';

/** Sends one picture to the operators' upload call (multipart, the members' checks); answers where it is served. */
export async function uploadPicture(file: File): Promise<UploadedFile> {
  // A picture over the limit is not sent: the operator is told the limit at once, not after sending megabytes.
  if (file.size > UPLOAD_MAX_IMAGE_BYTES) throw new Error(i18n.t('console.upload.pictureTooLarge', { mb: uploadLimitMb(UPLOAD_MAX_IMAGE_BYTES) }));
  const body = new FormData();
  body.append('file', file, file.name);
  return callWithForm(uploadImageRoute, body) as Promise<UploadedFile>;
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

/** An uploaded picture at a delivery size: `width` and `height` added to its address (a private file's is signed, so they join its query). */
export const sizedUpload = (src: string, width: number, height: number): string => `${src}${src.includes('?') ? '&' : '?'}width=${width}&height=${height}`;
