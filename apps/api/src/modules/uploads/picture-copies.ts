import { ResponseCode } from '@shop/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Copies of pictures made at once in this process. Each is a decode of up to 50 MP, a resize and an
 * encode, and libvips already spreads one over the cores: two keep the shop's two cores busy while
 * copies already made (and every other call) are still answered.
 */
export const COPIES_AT_ONCE = 2;
/** Copies that may wait for their turn, a few seconds of work; past them a request is told to come back. */
export const COPIES_WAITING = 32;
/** When a refused request may ask again (`Retry-After`): the queue is worked through by then or soon after. */
export const BUSY_RETRY_SECONDS = 2;

/** Every place for making copies taken: answered 503 "busy, try again" with `Retry-After`, never kept by a cache. */
export class PicturesBusy extends AppError {
  constructor() {
    super(ResponseCode.serviceUnavailable, undefined, { httpStatus: 503 });
  }
}

let running = 0;
const waiting: Array<() => void> = [];
/** Copies being made now, by their storage key: a request for one on its way waits for it instead of decoding the source again. */
const underway = new Map<string, Promise<boolean>>();

/**
 * Makes the copy stored as `key` once however many requests ask for it at the same time, in turn
 * with other copies (`make` answers whether the copy is there after it). Throws `PicturesBusy`, to
 * every request waiting for that copy, when the queue is full.
 */
export function makeCopyOnce(key: string, make: () => Promise<boolean>): Promise<boolean> {
  let copy = underway.get(key);
  if (!copy) {
    copy = inTurn(make).finally(() => underway.delete(key));
    underway.set(key, copy);
  }
  return copy;
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < COPIES_AT_ONCE) running++;
  else if (waiting.length < COPIES_WAITING) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new PicturesBusy();
  try {
    return await work();
  } finally {
    // The place passes straight to the next in line, so one arriving now cannot take it first.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
