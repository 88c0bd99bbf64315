import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';
/**
 * Who may call: `none` — sent with an empty authorization (the `/user/no_auth/` calls);
 * `optional` — visitors and members alike (public reads; a member is recognised when the token is valid);
 * `member` — a logged-in member only (2002 without a token, 2001 with a bad one);
 * `operator` — a signed-in operator (the `/admin/api/` calls) whose role grants the endpoint's `permission`.
 */
export type Auth = 'none' | 'optional' | 'member' | 'operator';

/** What an operator's role must grant for a call (the table per role is in admin/permissions.ts). */
export type Permission =
  | 'session'
  | 'operators.manage'
  | 'ledger.read'
  | 'ledger.adjust'
  | 'rates.read'
  | 'rates.set'
  | 'members.read'
  | 'members.ban'
  | 'realname.review'
  | 'cancellation.review'
  | 'withdrawals.review'
  | 'refunds.decide'
  | 'aftersales.read'
  | 'aftersales.decide'
  | 'shops.manage'
  | 'catalogue.write'
  | 'reviews.moderate'
  | 'settings.write'
  | 'orders.read'
  | 'orders.fulfil'
  | 'audit.read'
  | 'messages.broadcast'
  | 'support.feedback'
  | 'support.chat'
  | 'referral.read'
  | 'referral.settings'
  | 'referral.move'
  | 'applications.review';

export type Area =
  | 'account' | 'address' | 'after-sales' | 'cart' | 'catalogue' | 'content' | 'geo' | 'orders'
  | 'payments' | 'referral' | 'support' | 'user-shop' | 'wallet' | 'admin';

export interface EndpointDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Auth = Auth,
> {
  method: HttpMethod;
  path: string;
  auth: A;
  area: Area;
  /** Operator calls only: what the operator's role must grant. */
  permission?: Permission;
  /** Query parameters (GET). */
  query?: Q;
  /** JSON body (POST). */
  body?: B;
  /** The `data` of a successful envelope. */
  data?: D;
  /**
   * The call moves value or creates something a member pays for: the web sends a fresh
   * `Idempotency-Key` per user action (the same one when it retries), and the server answers a
   * repeat with the first answer instead of doing it again.
   */
  idempotent?: true;
}

export type AnyEndpoint = EndpointDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a handler receives after validation. */
export type EndpointQuery<E> = E extends EndpointDef<infer Q, z.ZodType | undefined, z.ZodType | undefined> ? Infer<Q> : never;
export type EndpointBody<E> = E extends EndpointDef<z.ZodType | undefined, infer B, z.ZodType | undefined> ? Infer<B> : never;
/** What a client sends. */
export type EndpointQueryInput<E> = E extends EndpointDef<infer Q, z.ZodType | undefined, z.ZodType | undefined> ? InferIn<Q> : never;
export type EndpointBodyInput<E> = E extends EndpointDef<z.ZodType | undefined, infer B, z.ZodType | undefined> ? InferIn<B> : never;
/** The `data` of the envelope; `unknown` until the area's issue declares it. */
export type EndpointData<E> = E extends EndpointDef<z.ZodType | undefined, z.ZodType | undefined, infer D>
  ? D extends z.ZodType ? z.infer<D> : unknown
  : never;

/** Declares one call of the API: both apps bind to this single definition. */
export function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType | undefined = undefined,
  A extends Auth = Auth,
>(def: EndpointDef<Q, B, D, A>): EndpointDef<Q, B, D, A> {
  return Object.freeze(def);
}

/**
 * An endpoint's wire part (method, path, who may call) typed as the whole endpoint, for the rare
 * call that must go out before the schemas are loaded (the first paint). Declared next to its
 * endpoint in the contract, and compared with it by a test.
 */
export function routeOf<E extends AnyEndpoint>(route: Pick<E, 'method' | 'path' | 'auth' | 'area'>): E {
  return Object.freeze(route) as E;
}
