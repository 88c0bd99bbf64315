import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { cutText, ResponseCode, UPLOAD_MAX_IMAGE_BYTES, UPLOAD_MAX_VIDEO_BYTES, uploadLimitMb, type UploadedFile } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, operatorIdOf, type Actor } from '../../lib/actor.js';
import { AppError, type FieldProblem } from '../../lib/errors.js';
import { encodeAs, imageFormatMime, type ModernImageFormat, SIZE_STEPS } from '../../lib/image-format.js';
import { newToken } from '../../lib/tokens.js';
import { withTransaction } from '../../lib/transaction.js';
import type { ByteRange } from '../../providers/storage/storage.js';
import { fileUrl, signedSecondsLeft, uploadKeyOf } from './file-addresses.js';
import { makeCopyOnce } from './picture-copies.js';
import * as q from './uploads.queries.js';
import { isMovie } from './video-duration.js';

/**
 * Why pictures every shopper is shown (goods, their SKUs) cannot be: each upload among them must be
 * one of the shop's own (sent by an operator, public for good). A member's file is refused, private
 * (a feedback picture: read only through a signed address) or public only while the member shows it
 * (an avatar, a review picture), and so is an upload's address with no upload behind it: shoppers
 * would get a broken picture. Pictures that are not uploads (the demo shop's) are not checked here.
 */
export async function shopPictureProblems(db: Executor, pictures: ReadonlyArray<{ field: string; path: string }>): Promise<FieldProblem[]> {
  const keyed = pictures.flatMap((p) => {
    const key = uploadKeyOf(p.path);
    return key === undefined ? [] : [{ ...p, key }];
  });
  const rows = new Map((await q.findUploadsByKeys(db, [...new Set(keyed.map((p) => p.key))])).map((r) => [r.storage_key, r]));
  return keyed.flatMap(({ field, key }) => {
    const row = rows.get(key);
    if (!row || row.kind !== 'image') return [{ field, key: 'admin.validation.pictureNotStored', params: { field } }];
    if (row.operator_id === null || !row.public) return [{ field, key: 'admin.validation.pictureNotShop', params: { field } }];
    return [];
  });
}

/** What storing an upload needs: the database, where files go, and the public address. */
export type UploadDeps = Pick<AppDeps, 'db' | 'config' | 'secrets'> & { providers: Pick<AppDeps['providers'], 'storage'> };

export const MAX_IMAGE_BYTES = UPLOAD_MAX_IMAGE_BYTES;
export const MAX_VIDEO_BYTES = UPLOAD_MAX_VIDEO_BYTES;
/**
 * The most pixels an image may have, all its frames (or pages) together: 50 megapixels. A phone photo
 * is 12 to 50 MP in one frame (a 50 MP camera: 8160 x 6120 = 49.9 MP); more than that in a file of at
 * most 2 MB is a small file made to cost seconds of decoding on every resized delivery.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
const TOKEN_TTL_MS = 10 * 60_000;

/** The refusal of a file over its size limit, naming the limit: its kind's when it is known, else both. */
export function tooLarge(kind?: 'image' | 'video'): AppError {
  if (kind === 'image') return new AppError(ResponseCode.uploadTooLarge, { mb: uploadLimitMb(MAX_IMAGE_BYTES) }, { messageKey: 'account.upload.pictureTooLarge' });
  if (kind === 'video') return new AppError(ResponseCode.uploadTooLarge, { mb: uploadLimitMb(MAX_VIDEO_BYTES) }, { messageKey: 'account.upload.videoTooLarge' });
  return new AppError(ResponseCode.uploadTooLarge, { image_mb: uploadLimitMb(MAX_IMAGE_BYTES), video_mb: uploadLimitMb(MAX_VIDEO_BYTES) });
}
const tooManyPixels = () => new AppError(ResponseCode.uploadTooLarge, { megapixels: MAX_IMAGE_PIXELS / 1_000_000 }, { messageKey: 'account.upload.tooManyPixels' });
/** Bytes file-type needs to recognise every format we accept. */
const SNIFF_BYTES = 4100;

/** What we accept, decided by the file's content: its name and declared type are ignored. */
const ACCEPTED: Record<string, { kind: 'image' | 'video'; ext: string }> = {
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/gif': { kind: 'image', ext: 'gif' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/quicktime': { kind: 'video', ext: 'mov' },
  'video/webm': { kind: 'video', ext: 'webm' },
};

/**
 * Refuses a member's upload of `bytes` that would take them past their daily quota
 * (UPLOAD_FILES_PER_DAY files and UPLOAD_MB_PER_DAY megabytes in any 24 hours). Before the file is
 * read its size is not known: it is counted as 1 byte, which refuses a member already at the quota.
 */
async function assertUploadQuota(db: Executor, config: UploadDeps['config'], userId: number, bytes: number): Promise<void> {
  const used = await q.uploadedLastDay(db, userId);
  if (used.files + 1 > config.UPLOAD_FILES_PER_DAY || used.bytes + bytes > config.UPLOAD_MB_PER_DAY * 1024 * 1024) throw new AppError(ResponseCode.uploadQuota);
}

/** A one-time permission to upload, for the upload host the app picked (1 default, 3 the .com host); none for a member already at the day's quota. */
export async function createUploadToken(deps: Pick<UploadDeps, 'db' | 'config'>, actor: Actor, input: { host_id: 1 | 3 }) {
  const { db } = deps;
  const userId = memberIdOf(actor);
  await assertUploadQuota(db, deps.config, userId, 1);
  const token = newToken();
  const expiresAt = new Date(Date.now() + TOKEN_TTL_MS);
  await q.insertUploadToken(db, { token, userId, hostId: input.host_id, expiresAt });
  return { token, upload_path: '/upload2', expires_at: expiresAt.toISOString(), max_image_bytes: MAX_IMAGE_BYTES, max_video_bytes: MAX_VIDEO_BYTES };
}

/** Uses an upload token once; it must be the member's own and unexpired. */
async function useUploadToken(db: Executor, userId: number, token: string | undefined): Promise<void> {
  if (!token || !(await q.useUploadTokenOnce(db, userId, token))) throw new AppError(ResponseCode.uploadTokenInvalid);
}

/** A multipart upload: its one-time token is used up first (a refused upload is refused before its bytes are read), then the file is stored. */
export async function uploadWithToken(deps: UploadDeps, actor: Actor, input: { token: string | undefined; file: Readable & { truncated?: boolean }; name: string | undefined }): Promise<UploadedFile> {
  await useUploadToken(deps.db, memberIdOf(actor), input.token);
  return receiveFile(deps, actor, { source: input.file, name: input.name });
}

/** A picture of the shop an operator uploads (multipart, one file): the members' checks and storage, images only. */
export async function uploadOperatorImage(deps: UploadDeps, actor: Actor, input: { file: Readable & { truncated?: boolean }; name: string | undefined }): Promise<UploadedFile> {
  operatorIdOf(actor);
  return receiveFile(deps, actor, { source: input.file, name: input.name, kinds: ['image'] });
}

/** A small image sent inline as a data URL (avatars, comment pictures). */
export async function uploadInlineImage(deps: UploadDeps, actor: Actor, input: { image: string; name?: string }): Promise<UploadedFile> {
  const m = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(input.image);
  if (!m) throw new AppError(ResponseCode.uploadType);
  const bytes = Buffer.from(m[1]!, 'base64');
  return receiveFile(deps, actor, { source: Readable.from([bytes]), name: input.name, kinds: ['image'] });
}

/**
 * Streams a file to a temporary place, deciding its type from the first bytes and refusing it the
 * moment it passes its kind's limit (2 MB images, 10 MB videos) or is of a kind the caller does not
 * take (`kinds`), or a member's file is past their daily quota (nothing is stored then, no file
 * and no row), then stores it. Whatever happens
 * (a refusal, a client that goes away, a disk error) the temporary file is removed and every
 * stream's error is handled: no upload can end the process.
 */
export async function receiveFile(
  deps: UploadDeps,
  actor: Actor,
  input: { source: Readable & { truncated?: boolean }; name: string | undefined; kinds?: ReadonlyArray<'image' | 'video'> },
): Promise<UploadedFile> {
  const { db } = deps;
  const { storage } = deps.providers;
  // Operators upload the shop's own pictures; everyone else uploads as the member they are.
  const owner = actor.kind === 'operator' ? { user_id: null, operator_id: operatorIdOf(actor) } : { user_id: memberIdOf(actor) };
  const { source } = input;
  // A member at the day's quota is refused before a byte of the file is read.
  if (owner.user_id !== null) await assertUploadQuota(db, deps.config, owner.user_id, 1);
  const tempPath = path.join(storage.tempDir, randomUUID());
  let size = 0;
  let head = Buffer.alloc(0);
  let accepted: { mime: string; kind: 'image' | 'video'; ext: string } | undefined;
  const sniff = async () => {
    const type = await fileTypeFromBuffer(head);
    const known = type && ACCEPTED[type.mime];
    if (!type || !known || (input.kinds && !input.kinds.includes(known.kind))) throw new AppError(ResponseCode.uploadType);
    accepted = { mime: type.mime, ...known };
  };
  // Counts and sniffs on the way to the disk; throwing here makes the pipeline destroy every stream.
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      const limit = accepted?.kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
      if (size > limit) return done(tooLarge(accepted?.kind));
      if (accepted || head.length + chunk.length < SNIFF_BYTES) {
        if (!accepted) head = Buffer.concat([head, chunk]);
        return done(null, chunk);
      }
      head = Buffer.concat([head, chunk]);
      sniff().then(
        () => (size > (accepted!.kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES) ? done(tooLarge(accepted!.kind)) : done(null, chunk)),
        (e: unknown) => done(e as Error),
      );
    },
  });
  const out = fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
  try {
    try {
      await pipeline(source, check, out);
    } catch (e) {
      // The multipart parser stops a file at the largest limit (10 MB) with an error of its own.
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(accepted?.kind);
      throw e;
    } finally {
      // A refused file stops being stored (the transport throws away whatever of the body is still coming).
      if (!source.destroyed) source.destroy();
    }
    if (source.truncated) throw tooLarge(accepted?.kind);
    if (size === 0) throw new AppError(ResponseCode.uploadMissing);
    if (!accepted) await sniff();
    const file = accepted!;
    if (file.kind === 'image') {
      // Every frame counts (`animated`: the height is all frames'): the header decides, before any decoding.
      const meta = await sharp(tempPath, { animated: true, limitInputPixels: false }).metadata().catch(() => undefined);
      if (!meta?.width || !meta.height) throw new AppError(ResponseCode.uploadType);
      if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
      // A header that looks like an image is not enough: the whole image must decode, as delivery will decode it.
      const decodes = await sharp(tempPath, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS }).stats().then(() => true, () => false);
      if (!decodes) throw new AppError(ResponseCode.uploadType);
    }
    if (file.kind === 'video') await assertMovie(tempPath, file.mime);
    const now = new Date();
    const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${file.ext}`;
    // The shop's own pictures are public; a member's file stays private until it is used publicly.
    const isPublic = actor.kind === 'operator';
    // The row comes first, counted against the member's quota under their lock: of uploads arriving
    // at once, only those that fit are kept (the rest are refused here, their file never stored).
    const row = await withTransaction(db, async (tx) => {
      if (owner.user_id !== null) {
        await q.lockMemberUploads(tx, owner.user_id);
        await assertUploadQuota(tx, deps.config, owner.user_id, size);
      }
      return q.insertUpload(tx, { ...owner, storage_key: key, mime: file.mime, kind: file.kind as 'image' | 'video', size, original_name: input.name === undefined ? null : cutText(input.name, 200), public: isPublic });
    });
    // A file that could not be stored takes its row back: nothing points at a missing file or counts against the quota.
    await storage.putFile(key, tempPath).catch(async (e: unknown) => {
      await q.deleteUpload(db, Number(row.id)).catch(() => undefined);
      throw e;
    });
    return { id: row.id, url: fileUrl(deps, key, isPublic), kind: file.kind, mime: file.mime, size };
  } finally {
    // Stored files were moved away; anything still here is a refused or failed upload. A file refused
    // while it was still being opened is created when the opening ends: removed once it is closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fs.promises.rm(tempPath, { force: true });
  }
}

/** An MP4 or QuickTime video must parse as a movie (read whole: at most 10 MB), not only start like one; refused before it is stored. */
async function assertMovie(tempPath: string, mime: string): Promise<void> {
  if (mime !== 'video/mp4' && mime !== 'video/quicktime') return;
  if (!isMovie(await fs.promises.readFile(tempPath))) throw new AppError(ResponseCode.uploadType);
}

export { SIZE_STEPS };

/** The box a picture is fitted in when no size (or no usable one) is asked: a phone's screen width. */
const DEFAULT_SIZE = 750;

/**
 * The box to deliver an image in: the asked width rounded up to a step (750 by default), 750 high,
 * or as high as wide when that is asked (the apps send a width alone or square thumbnails, e.g.
 * `width=120&height=120`). Another height is not honoured: a picture has 19 sizes, not 100.
 */
export function deliverySize(query: { width?: string; height?: string; w?: string; h?: string }): { width: number; height: number } {
  const step = (v: string | undefined): number | undefined => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? (SIZE_STEPS.find((s) => s >= n) ?? SIZE_STEPS.at(-1)) : undefined;
  };
  const width = step(query.width ?? query.w) ?? DEFAULT_SIZE;
  return { width, height: step(query.height ?? query.h) === width ? width : DEFAULT_SIZE };
}

let copiesMade = 0;
/** How many picture copies (a decode, a resize and an encode each) this process has made since it started. */
export const pictureCopiesMade = (): number => copiesMade;

/**
 * A stored file for delivery (undefined when there is none, or it is private and the address is
 * not signed for it or has ended: a stranger learns nothing of it): images resized to `deliverySize`
 * (each size made once and kept; `PicturesBusy` when too many are being made), other files as stored.
 */
export async function deliverUpload(
  deps: UploadDeps,
  storageKey: string,
  query: Record<string, string | undefined>,
  /** A format the browser takes (from its `Accept`): the copy is encoded in it. Animated GIFs stay GIFs. */
  format?: ModernImageFormat,
): Promise<DeliveredFile | undefined> {
  const { storage } = deps.providers;
  const row = await q.findUploadByKey(deps.db, storageKey);
  if (!row) return undefined;
  const privateSeconds = row.public ? undefined : signedSecondsLeft(deps, row.storage_key, query);
  if (!row.public && privateSeconds === undefined) return undefined;
  if (row.kind !== 'image') return storedFile(storage, row.storage_key, row.mime, privateSeconds);
  const size = deliverySize(query);
  const as = row.mime === 'image/gif' ? undefined : format;
  const cacheKey = as ? `resized/${size.width}x${size.height}/${as}/${row.storage_key}` : `resized/${size.width}x${size.height}/${row.storage_key}`;
  if (!(await storage.exists(cacheKey))) {
    // Looked for again in turn: a copy finished between the look above and joining its making is not made twice.
    const made = await makeCopyOnce(cacheKey, async () => (await storage.exists(cacheKey)) || makeCopy(storage, row, cacheKey, size, as));
    if (!made) return undefined;
  }
  return storedFile(storage, cacheKey, as ? imageFormatMime(as) : row.mime, privateSeconds);
}

/** Resizes (and encodes) a stored picture into `cacheKey`; false when the picture is not there or does not decode. */
async function makeCopy(
  storage: UploadDeps['providers']['storage'],
  row: { storage_key: string; mime: string },
  cacheKey: string,
  size: { width: number; height: number },
  as: ModernImageFormat | undefined,
): Promise<boolean> {
  const original = await storage.read(row.storage_key);
  if (!original) return false;
  // Read whole (images are at most 2 MB): a read error rejects here instead of going unheard on a pipe.
  const bytes = Buffer.concat(await original.toArray());
  const image = sharp(bytes, { animated: row.mime === 'image/gif', limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize(size.width, size.height, { fit: 'inside', withoutEnlargement: true });
  // A stored image that does not decode (or is over the pixel budget, stored before it was checked) is not there.
  const resized = await (as ? encodeAs(image, as) : image).toBuffer().catch(() => undefined);
  if (!resized) return false;
  await storage.write(cacheKey, resized);
  copiesMade++;
  return true;
}

/** A file to deliver: its type and size, and its bytes (all, or one range of them) read when asked. */
export interface DeliveredFile {
  mime: string;
  size: number;
  privateSeconds?: number;
  read(range?: ByteRange): Promise<Readable | undefined>;
}

/** A stored file for delivery with its size (a player needs it to ask for parts), undefined when it is not there. */
async function storedFile(storage: UploadDeps['providers']['storage'], key: string, mime: string, privateSeconds: number | undefined): Promise<DeliveredFile | undefined> {
  const size = await storage.size(key);
  return size === undefined ? undefined : { mime, size, privateSeconds, read: (range) => storage.read(key, range) };
}
