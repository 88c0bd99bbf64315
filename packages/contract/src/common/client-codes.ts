/**
 * The codes a client acts on by itself, whatever the call: the spec's session codes (§4) and a
 * request still in progress. In a module apart from the catalogue (`codes.ts`), so the web's first screen carries only these: a
 * module the entry imports goes whole into the entry's chunk, whatever else of it other chunks use.
 */
export const ClientCode = {
  /** The token is invalid, expired or revoked: the client clears the session. */
  tokenInvalid: 2001,
  /** The call needs a logged-in member. */
  loginRequired: 2002,
  /** The token's member no longer exists. */
  userNotFound: 2020,
  /** A request with the same `Idempotency-Key` is still running: ask again with that key. */
  requestInProgress: 1002,
} as const;
