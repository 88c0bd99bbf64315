import type { FastifyError, FastifyInstance } from 'fastify';
import { ResponseCode, responseCodeMessageKey } from '@shop/contract';
import type { Translator } from '../lib/i18n.js';
import { AppError, ValidationError } from '../lib/errors.js';
import { startUnroutedRequest } from './context.js';

/** One error path: every failure becomes the envelope, localized; nothing internal leaks. */
export function errorsPlugin(app: FastifyInstance, i18n: Translator): void {
  const fieldName = (lang: Parameters<Translator['t']>[0], field: string) => {
    const key = `field.${field.split('.').pop()}`;
    return i18n.has(key) ? i18n.t(lang, key) : field;
  };

  app.setErrorHandler((error: FastifyError | AppError | ValidationError, request, reply) => {
    if (!request.ctx) startUnroutedRequest(request, reply);
    const lang = request.ctx.lang;
    if (error instanceof AppError) {
      const key = error.options.messageKey ?? responseCodeMessageKey[error.code] ?? 'code.badRequest';
      return reply
        .status(error.options.httpStatus ?? 200)
        .send({ code: error.code, msg: i18n.t(lang, key, error.params), data: error.options.data ?? null });
    }
    if (error instanceof ValidationError) {
      const first = error.problems[0]!;
      const msg = i18n.t(lang, first.key, { ...first.params, field: fieldName(lang, first.field) });
      return reply.status(422).send({ code: ResponseCode.validation, msg, data: { errors: error.problems.map((p) => ({ field: p.field, msg: i18n.t(lang, p.key, { ...p.params, field: fieldName(lang, p.field) }) })) } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: ResponseCode.rateLimited, msg: i18n.t(lang, 'code.rateLimited'), data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, a body too large …: the client's fault, said plainly.
      return reply.status(status).send({ code: ResponseCode.badRequest, msg: i18n.t(lang, 'code.badRequest'), data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: ResponseCode.internal, msg: i18n.t(lang, 'code.internal'), data: { request_id: request.id } });
  });

  app.setNotFoundHandler((request, reply) => {
    startUnroutedRequest(request, reply);
    reply.status(404).send({ code: ResponseCode.notFound, msg: i18n.t(request.ctx.lang, 'code.notFound'), data: null });
  });
}
