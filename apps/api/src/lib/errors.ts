import { ResponseCode } from '@shop/contract';
import type { Params } from './i18n.js';

/**
 * An expected failure: the error handler answers it as the envelope with `code` and the message of
 * `messageKey` (default: the code's own key) in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly params?: Params,
    readonly options: { messageKey?: string; httpStatus?: number; data?: unknown } = {},
  ) {
    // An expected failure needs no stack trace, and capturing one is most of the cost of throwing.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(options.messageKey ?? `code ${code}`);
    Error.stackTraceLimit = limit;
    this.name = 'AppError';
  }
}

export interface FieldProblem {
  /** Dotted path of the field, e.g. `items.0.count`. */
  field: string;
  /** An i18n key (`validation.required`) with its parameters (an amount written in the reader's language: `Amount`). */
  key: string;
  params: Params;
}

/** Input that does not match the contract: answered with HTTP 422 and the first problem as `msg`. */
export class ValidationError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.key}`).join('; '));
    this.name = 'ValidationError';
  }
}

/** States a decided request is named by in the reader's language (`admin.code.requestDecidedAs.<status>`). */
const DECIDED_STATES = new Set(['approved', 'rejected', 'cancelled', 'paid', 'expired', 'posted', 'withdrawn', 'completed']);
/** "This request has already been decided", with its state in the reader's language when it is one of the named ones. */
export const alreadyDecided = (status?: string | null) =>
  new AppError(ResponseCode.requestNotPending, undefined, { messageKey: status && DECIDED_STATES.has(status) ? `admin.code.requestDecidedAs.${status}` : 'admin.code.requestDecided' });

export const notFound = (what?: string) => new AppError(ResponseCode.notFound, what ? { what } : undefined);
export const forbidden = () => new AppError(ResponseCode.forbidden);
