import { ResponseCode } from '@shop/contract';
import { AppError } from './errors.js';

/**
 * Refuses an editor's save unless `base` (the `updated_at` the editor loaded) is the row's
 * `updated_at` now, read under the row's lock: a save from a copy changed since would undo that
 * change. A change that names no base cannot be checked and is refused too (reload, then save).
 */
export function assertLoadedVersion(current: Date, base: string | undefined): void {
  if (base === undefined || current.getTime() !== Date.parse(base)) throw new AppError(ResponseCode.editedSinceOpened);
}
