import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { ResponseCode, createUploadToken, uploadFile, uploadInlineImage } from '@shop/contract';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.js';
import { assertStorable, type Api } from '../../plugins/routes.js';
import * as service from './uploads.service.js';

/** Uploads: a one-time token, the multipart upload itself, small inline images, and delivery. */
export function uploadsRoutes(api: Api): void {
  const { db, config } = api.deps;
  const { storage } = api.deps.providers;
  void api.app.register(multipart, { limits: { fileSize: service.MAX_VIDEO_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 } });

  api.handle(createUploadToken, ({ member, body }) => service.createUploadToken(db, member!.userId, body.host_id), { rateLimit: { max: 30, timeWindow: 60_000 } });

  api.handle(
    uploadFile,
    async ({ member, request, reply }) => {
      if (!request.isMultipart()) throw new AppError(ResponseCode.uploadMissing);
      let token = typeof request.headers['upload-token'] === 'string' ? request.headers['upload-token'] : undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          // Multipart fields and the file's name skip the JSON path: the same refusal of unstorable characters.
          assertStorable(part.value, part.fieldname);
          if (part.fieldname === 'token' && typeof part.value === 'string') token = part.value;
          continue;
        }
        // The token comes before the file, so a refused upload is refused before its bytes are read.
        try {
          assertStorable(part.filename, 'name');
          await service.useUploadToken(db, member!.userId, token);
          return await service.receiveFile(db, storage, config, member!.userId, part.file, part.filename);
        } catch (e) {
          // The rest of the body is not read: close the connection after answering.
          reply.header('connection', 'close');
          throw e;
        }
      }
      throw new AppError(ResponseCode.uploadMissing);
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  api.handle(
    uploadInlineImage,
    async ({ member, body }) => {
      const m = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(body.image);
      if (!m) throw new AppError(ResponseCode.uploadType);
      const bytes = Buffer.from(m[1]!, 'base64');
      const uploaded = await service.receiveFile(db, storage, config, member!.userId, Readable.from([bytes]), body.name);
      if (uploaded.kind !== 'image') throw new AppError(ResponseCode.uploadType);
      return uploaded;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  // Delivery: images resized to the asked width/height (750 by default); the type is the one we detected.
  api.app.get<{ Params: { '*': string }; Querystring: Record<string, string> }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    const row = await db.selectFrom('uploads').select(['mime', 'kind', 'storage_key']).where('storage_key', '=', key).executeTakeFirst();
    if (!row) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable');
    if (row.kind === 'image') {
      const { width, height } = service.deliverySize(request.query);
      const cacheKey = `resized/${width}x${height}/${row.storage_key}`;
      if (!(await storage.exists(cacheKey))) {
        const original = await storage.read(row.storage_key);
        if (!original) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
        // Read whole (images are at most 2 MB): a read error rejects here instead of going unheard on a pipe.
        const bytes = Buffer.concat(await original.toArray());
        const resized = await sharp(bytes, { animated: row.mime === 'image/gif' }).rotate().resize(width, height, { fit: 'inside', withoutEnlargement: true }).toBuffer();
        await storage.write(cacheKey, resized);
      }
      return reply.type(row.mime).send(await storage.read(cacheKey));
    }
    const stream = await storage.read(row.storage_key);
    if (!stream) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    return reply.type(row.mime).send(stream);
  });
}
