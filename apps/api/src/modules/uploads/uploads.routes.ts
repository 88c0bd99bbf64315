import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ResponseCode, adminUploadImage, createUploadToken, uploadFile, uploadInlineImage } from '@shop/contract';
import { AppError } from '../../lib/errors.js';
import { pickImageFormat } from '../../lib/image-format.js';
import { assertStorable, type Api } from '../../plugins/routes.js';
import * as service from './uploads.service.js';

/** Uploads: a one-time token, the multipart upload itself, small inline images, and delivery. */
export function uploadsRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  const perClient = { rateLimit: { max: 30, timeWindow: 60_000 } };
  // Multipart bodies only where files arrive: the plugin's hooks would otherwise run on every request.
  api.scoped(
    (scope) => scope.register(multipart, { limits: { fileSize: service.MAX_VIDEO_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 } }),
    (handle) => {
      handle(
        uploadFile,
        ({ actor, request, reply }) => {
          let token = typeof request.headers['upload-token'] === 'string' ? request.headers['upload-token'] : undefined;
          return readOneFile(request, reply, (field, value) => field === 'token' && (token = value), (file, name) => service.uploadWithToken(deps, actor, { token, file, name }));
        },
        perClient,
      );
      handle(adminUploadImage, ({ actor, request, reply }) => readOneFile(request, reply, () => undefined, (file, name) => service.uploadOperatorImage(deps, actor, { file, name })), perClient);
    },
  );

  api.handle(createUploadToken, ({ actor, body }) => service.createUploadToken(db, actor, body), perClient);
  api.handle(uploadInlineImage, ({ actor, body }) => service.uploadInlineImage(deps, actor, body), perClient);

  // Delivery, with the type we detected and headers that keep a browser from running anything in it.
  api.app.get<{ Params: { '*': string }; Querystring: Record<string, string> }>('/uploads/*', async (request, reply) => {
    const file = await service.deliverUpload(deps, request.params['*'], request.query, pickImageFormat(request.headers.accept));
    if (!file) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    return reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      // A private file is kept by the reader's browser only, and no longer than its address lasts.
      .header('cache-control', file.privateSeconds === undefined ? 'public, max-age=31536000, immutable' : `private, max-age=${file.privateSeconds}`)
      .header('referrer-policy', 'no-referrer')
      // Pictures are sent as AVIF or WebP to browsers that take them.
      .header('vary', 'Accept')
      .type(file.mime)
      .send(file.body);
  });
}

/**
 * Reads a multipart body: its fields (checked for unstorable characters) go to `onField`, its one
 * file to `store`. Reading the body is the transport's work; what to do with the file is the service's.
 */
async function readOneFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  onField: (name: string, value: string) => unknown,
  store: (file: Readable & { truncated?: boolean }, name: string) => Promise<T>,
): Promise<T> {
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
      // The rest of the body is not read: close the connection after answering.
      reply.header('connection', 'close');
      throw e;
    }
  }
  throw new AppError(ResponseCode.uploadMissing);
}
