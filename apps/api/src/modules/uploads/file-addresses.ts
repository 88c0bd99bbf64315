import type { AppDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';

// Where an upload is read. Public files (the shop's pictures, avatars, review pictures) have one
// lasting address; private ones (after-sales evidence, feedback and chat pictures, anything a member
// uploaded and has not made public) are read only through an address signed for their key that ends
// within the hour: the API hands it out only to the member who owns the file and to the operators
// allowed to see it, and a stranger or a visitor without it is answered "not found".

/** What signing an address needs. */
export type AddressDeps = Pick<AppDeps, 'config' | 'secrets'>;

const PURPOSE = 'upload';
/** Addresses end at the next half hour boundary past half an hour from now: the same address for a while, so a browser caches it. */
const STEP_S = 30 * 60;

/** Where a file is served: on PUBLIC_URL when set, else relative to the app (which loads it from its own origin). */
export const publicUrl = (config: Config, key: string) => `${config.PUBLIC_URL?.replace(/\/+$/, '') ?? ''}/uploads/${key}`;

/** Until when the signed addresses handed out now stay the same (and valid for half an hour more): an answer carrying them may be kept until then. */
export const signedAddressesSameUntil = (now = Date.now()): Date => new Date((Math.floor(now / 1000 / STEP_S) + 1) * STEP_S * 1000);

/** The storage key of an upload's address as a member sends it back (absolute or not, signed or not). */
export const uploadKeyOf = (ref: string): string | undefined => /^(?:https?:\/\/[^/]+)?\/uploads\/([\w/.-]+?)(?:\?[^#]*)?$/.exec(ref)?.[1];

/**
 * How a member's or operator's picture is kept: by its path here, rebuilt from the key. The host (and
 * query) they sent is never kept, so a stored picture can only ever be loaded from us.
 */
export const storedUploadPath = (key: string): string => `/uploads/${key}`;

/** A private file's address, valid until the end of the next half-hour step past half an hour from now. */
export function signedUrl(deps: AddressDeps, key: string, now = Date.now()): string {
  const exp = (Math.floor(now / 1000 / STEP_S) + 2) * STEP_S;
  return `${publicUrl(deps.config, key)}?exp=${exp}&sig=${deps.secrets.tag(PURPOSE, `${key}\n${exp}`)}`;
}

/** A file's address for someone allowed to read it. */
export const fileUrl = (deps: AddressDeps, key: string, isPublic: boolean): string => (isPublic ? publicUrl(deps.config, key) : signedUrl(deps, key));

/** An address kept as `/uploads/<key>` (after-sales evidence), signed for the reader. */
export const signStored = (deps: AddressDeps, stored: string): string => {
  const key = uploadKeyOf(stored);
  return key ? signedUrl(deps, key) : stored;
};

/** Seconds a signed address is still good for, or undefined when it is not a good one for this key. */
export function signedSecondsLeft(deps: Pick<AppDeps, 'secrets'>, key: string, query: { exp?: string; sig?: string }, now = Date.now()): number | undefined {
  const exp = Number(query.exp);
  if (!Number.isInteger(exp) || !query.sig) return undefined;
  const left = exp - Math.floor(now / 1000);
  if (left <= 0) return undefined;
  return deps.secrets.checkTag(PURPOSE, `${key}\n${exp}`, query.sig) ? left : undefined;
}

/** A top-up (or a page of them) with its transfer slip's address signed for the reader, when the slip is an upload here. */
export function withSignedSlip<T extends { slip: string | null }>(deps: AddressDeps, r: T): T {
  return r.slip && uploadKeyOf(r.slip) ? { ...r, slip: signStored(deps, r.slip) } : r;
}
export const withSignedSlips = <P extends { list: Array<{ slip: string | null }> }>(deps: AddressDeps, page: P): P => ({ ...page, list: page.list.map((r) => withSignedSlip(deps, r)) });
