import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ResponseCode, adminUploadImage, createUploadToken, uploadFile, uploadInlineImage } from '@shop/contract';
import { AppError } from '../../lib/errors.js';
import { pickImageFormat } from '../../lib/image-format.js';
import { assertStorable, unstorableField, type Api } from '../../plugins/routes.js';
import { askedByteRange } from './byte-range.js';
import { BUSY_RETRY_SECONDS, PicturesBusy } from './picture-copies.js';
import * as service from './uploads.service.js';

/** Uploads: a one-time token, the multipart upload itself, small inline images, and delivery. */
export function uploadsRoutes(api: Api): void {
  const { deps } = api;
  const perClient = { rateLimit: { max: 30, timeWindow: 60_000 } };
  // Multipart bodies only where files arrive: the plugin's hooks would otherwise run on every request.
  api.scoped(
    (scope) => scope.register(multipart, { limits: { fileSize: service.MAX_VIDEO_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 } }),
    (handle) => {
      handle(
        uploadFile,
        ({ actor, request, reply }) => {
          let token = typeof request.headers['upload-token'] === 'string' ? request.headers['upload-token'] : undefined;
          return readOneFile(request, reply, undefined, (field, value) => field === 'token' && (token = value), (file, name) => service.uploadWithToken(deps, actor, { token, file, name }));
        },
        perClient,
      );
      handle(adminUploadImage, ({ actor, request, reply }) => readOneFile(request, reply, 'image', () => undefined, (file, name) => service.uploadOperatorImage(deps, actor, { file, name })), perClient);
    },
  );

  api.handle(createUploadToken, ({ actor, body }) => service.createUploadToken(deps, actor, body), perClient);
  api.handle(uploadInlineImage, ({ actor, body }) => service.uploadInlineImage(deps, actor, body), perClient);

  // Delivery, with the type we detected and headers that keep a browser from running anything in it.
  api.app.get<{ Params: { '*': string }; Querystring: Record<string, string> }>('/uploads/*', { config: { inputChecked: true } }, async (request, reply) => {
    // A file path with characters no stored key holds is not there, like any other path trick; the query keeps the usual refusal.
    if (unstorableField(request.params['*']) !== undefined) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    assertStorable(request.query);
    const file = await service.deliverUpload(deps, request.params['*'], request.query, pickImageFormat(request.headers.accept)).catch((e: unknown) => {
      // Too many copies being made: the browser is told when to ask again.
      if (e instanceof PicturesBusy) reply.header('retry-after', String(BUSY_RETRY_SECONDS));
      throw e;
    });
    if (!file) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    const asked = askedByteRange(request.headers.range, file.size);
    const range = 'part' in asked ? asked.part : undefined;
    const body = 'unsatisfiable' in asked ? undefined : await file.read(range);
    if (!body && !('unsatisfiable' in asked)) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      // A private file is kept by the reader's browser only, and no longer than its address lasts.
      .header('cache-control', file.privateSeconds === undefined ? 'public, max-age=31536000, immutable' : `private, max-age=${file.privateSeconds}`)
      .header('referrer-policy', 'no-referrer')
      // Pictures are sent as AVIF or WebP to browsers that take them.
      .header('vary', 'Accept')
      // Players (iOS above all) ask for parts of a video, to start playing and to seek.
      .header('accept-ranges', 'bytes')
      .type(file.mime);
    if (!body) return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    return reply.header('content-length', range ? range.end - range.start + 1 : file.size).send(body);
  });
}

/** What a multipart body may hold beyond its file: the form's boundaries, part headers and its few small fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/**
 * The most of a refused upload's body read and thrown away after answering, and the longest pause
 * in it: a browser reads the answer only once it has sent the whole body, and a connection closed
 * while it still sends is "cannot be reached" to it, not the refusal. Past these, the connection is cut.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_IDLE_MS = 5_000;

/**
 * Reads a multipart body: its fields (checked for unstorable characters) go to `onField`, its one
 * file to `store`. Reading the body is the transport's work; what to do with the file is the service's.
 * A body that says it is larger than a file of `only` kind (or of any kind) can be is refused before
 * it is read.
 */
async function readOneFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  only: 'image' | undefined,
  onField: (name: string, value: string) => unknown,
  store: (file: Readable & { truncated?: boolean }, name: string) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers['content-length']);
  if (declared > (only === 'image' ? service.MAX_IMAGE_BYTES : service.MAX_VIDEO_BYTES) + FORM_OVERHEAD_BYTES) {
    discardRestOfBody(request, reply);
    throw service.tooLarge(only);
  }
  if (!request.isMultipart()) throw new AppError(ResponseCode.uploadMissing);
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      // Multipart fields and the file's name skip the JSON path: the same refusal of unstorable characters.
      assertStorable(part.value, part.fieldname);
      if (typeof part.value === 'string') onField(part.fieldname, part.value);
      continue;
    }
    try {
      assertStorable(part.filename, 'name');
      return await store(part.file, part.filename);
    } catch (e) {
      discardRestOfBody(request, reply);
      throw e;
    }
  }
  throw new AppError(ResponseCode.uploadMissing);
}

/**
 * Lets the rest of a refused upload's body arrive and throws it away (nothing of it is parsed or
 * kept), so the sender, still sending, gets the answer; a body past DISCARD_MAX_BYTES or pausing
 * DISCARD_IDLE_MS has its connection cut (with `Connection: close` when that is known before answering).
 */
function discardRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  const declared = Number(request.headers['content-length']);
  if (declared > DISCARD_MAX_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  // The multipart parser reads no more of it.
  raw.unpipe();
  let read = 0;
  let idle: NodeJS.Timeout | undefined;
  // An unfinished request destroyed takes its connection with it.
  const cut = () => raw.destroy();
  const wait = () => {
    clearTimeout(idle);
    idle = setTimeout(cut, DISCARD_IDLE_MS).unref();
  };
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DISCARD_MAX_BYTES) cut();
    else wait();
  });
  raw.once('close', () => clearTimeout(idle));
  wait();
  raw.resume();
}
