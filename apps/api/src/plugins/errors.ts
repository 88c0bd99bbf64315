import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DEFAULT_LANGUAGE, ResponseCode, responseCodeMessageKey, type Language } from '@shop/contract';
import type { Translator } from '../lib/i18n.js';
import { isDatabaseUnavailable } from '../db/faults.js';
import { AppError, ValidationError, type FieldProblem } from '../lib/errors.js';
import { requestLanguage, startUnroutedRequest } from './context.js';
import { BASE_SECURITY_HEADERS } from './security.js';
import type { ReadDeadlines } from './timeouts.js';

/** The field name of a problem with the whole body rather than one of its fields (not JSON, a check across fields). */
export const WHOLE_BODY = 'input';

/** Whose form a field is of: the member app's or the operator console's. */
type FieldsOf = 'app' | 'console';

/**
 * A refused field's name in `lang`, as a member reads it (an operator: `consoleLabel.<name>` first): the label of the path's last named
 * segment (`lines.0.num` → "Quantity"), `field.<name>` (the account's, in the pack's first part) or
 * `label.<name>` (every other field of the contract's bodies and queries, pack `field-labels`); a
 * segment without a label (a record's key) gives way to the one before it; none at all, the path.
 * An item of a list of values (`images.0`) is named as one item: `listItem.<name>` ("Image 1"),
 * else `listItem` ("Item 1 of Images").
 */
export function fieldLabel(i18n: Translator, lang: Language, field: string, where: FieldsOf = 'app'): string {
  const segments = field.split('.').filter(Boolean);
  const named = segments.filter((segment) => !/^\d+$/.test(segment));
  for (let i = named.length - 1; i >= 0; i--) {
    // The console's forms name some fields as the member's do not: its `code` is a coupon's or a carrier's, not a verification code.
    for (const key of [...(where === 'console' ? [`consoleLabel.${named[i]}`] : []), `field.${named[i]}`, `label.${named[i]}`]) {
      if (!i18n.has(key)) continue;
      const label = i18n.t(lang, key);
      const last = segments.at(-1)!;
      if (i !== named.length - 1 || !/^\d+$/.test(last) || segments.at(-2) !== named[i]) return label;
      const n = Number(last) + 1;
      return i18n.has(`listItem.${named[i]}`) ? i18n.t(lang, `listItem.${named[i]}`, { n }) : i18n.t(lang, 'listItem', { n, field: label });
    }
  }
  return field;
}

/**
 * A problem's message in `lang`. A problem with the whole body has a message of its own
 * (`validation.body.required`: "Please fill in the required information"), never "input is required".
 */
export function problemMessage(i18n: Translator, lang: Language, problem: FieldProblem, where: FieldsOf = 'app'): string {
  if (problem.field === WHOLE_BODY) {
    const whole = problem.key.replace(/^validation\./, 'validation.body.');
    if (whole !== problem.key && i18n.has(whole)) return i18n.t(lang, whole, problem.params);
  }
  return i18n.t(lang, problem.key, { ...problem.params, field: fieldLabel(i18n, lang, problem.field, where) });
}

/** One error path: every failure becomes the envelope, localized; nothing internal leaks. */
export function errorsPlugin(app: FastifyInstance, i18n: Translator, reads: ReadDeadlines): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationError, request, reply) => {
    if (!request.ctx) startUnroutedRequest(request, reply);
    reads.answered(reply);
    // A failure may concern a member (a session refused, their input echoed): never kept by a cache.
    reply.header('cache-control', 'no-store');
    const lang = request.ctx.lang;
    if (error instanceof AppError) {
      const key = error.options.messageKey ?? responseCodeMessageKey[error.code] ?? 'code.badRequest';
      return reply
        .status(error.options.httpStatus ?? 200)
        .send({ code: error.code, msg: i18n.t(lang, key, error.params), data: error.options.data ?? null });
    }
    if (error instanceof ValidationError) {
      const where: FieldsOf = request.url.startsWith('/admin/') ? 'console' : 'app';
      const errors = error.problems.map((p) => ({ field: p.field, msg: problemMessage(i18n, lang, p, where) }));
      return reply.status(422).send({ code: ResponseCode.validation, msg: errors[0]!.msg, data: { errors } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: ResponseCode.rateLimited, msg: i18n.t(lang, 'code.rateLimited'), data: null });
    }
    if (status === 413) {
      // A body larger than the server takes: said as such, so the client knows to send less, not to fix its form.
      return reply.status(413).send({ code: ResponseCode.payloadTooLarge, msg: i18n.t(lang, 'code.payloadTooLarge'), data: null });
    }
    if (status >= 400 && status < 500) {
      // A wrong content type, a header that does not parse …: the client's fault, said plainly.
      return reply.status(status).send({ code: ResponseCode.badRequest, msg: i18n.t(lang, 'code.badRequest'), data: null });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is gone, stalled or full: a clear "busy, try again", not a 500; the pool recovers on its own.
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: ResponseCode.serviceUnavailable, msg: i18n.t(lang, 'code.serviceUnavailable'), data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: ResponseCode.internal, msg: i18n.t(lang, 'code.internal'), data: { request_id: request.id } });
  });

  app.setNotFoundHandler((request, reply) => {
    startUnroutedRequest(request, reply);
    reply.header('cache-control', 'no-store').status(404).send({ code: ResponseCode.notFound, msg: i18n.t(request.ctx.lang, 'code.notFound'), data: null });
  });
}

/**
 * Fastify's own refusals before routing (a URL that does not decode, a path parameter too long):
 * the same envelope and headers as every other answer, for the `frameworkErrors` option.
 */
export function frameworkErrorHandler(i18n: Translator): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, req, res) => {
    const request = req as FastifyRequest;
    const reply = res as FastifyReply;
    startUnroutedRequest(request, reply);
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    void reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ code: ResponseCode.badRequest, msg: i18n.t(requestLanguage(request), 'code.badRequest'), data: null }));
  };
}

/**
 * Requests Node refuses before Fastify sees them (headers too large, a broken request line, a
 * client too slow to send its request): a complete HTTP answer written on the socket, still the
 * envelope with the security headers. No header could be read, so the message is in English.
 */
export function clientErrorHandler(i18n: Translator): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  const answer = (status: number, reason: string) => {
    const body = JSON.stringify({ code: ResponseCode.badRequest, msg: i18n.t(DEFAULT_LANGUAGE, 'code.badRequest'), data: null });
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
      ...BASE_SECURITY_HEADERS,
    };
    return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
  };
  const answers = {
    timeout: answer(408, 'Request Timeout'),
    tooLarge: answer(431, 'Request Header Fields Too Large'),
    bad: answer(400, 'Bad Request'),
  };
  return (error, socket) => {
    // A connection the client reset (or that is already gone) has no one to answer.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
    const code = (error as NodeJS.ErrnoException).code;
    const text = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? answers.timeout : code === 'HPE_HEADER_OVERFLOW' ? answers.tooLarge : answers.bad;
    // An answer already on its way on this connection must not be cut into: then only close it.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (socket.writable && !inFlight) socket.end(text, () => socket.destroy());
    else socket.destroy(error);
  };
}
