import type { QueryKey } from '@tanstack/react-query';
import type { AnyEndpoint, Language } from '@shop/contract/common';

// The query keys of both apps, apart from the query machinery (`query.ts`) so the member app's first
// screen can read a cached answer without carrying it.

/**
 * Whose answer and in which language: the last part of every key, so one session never sees
 * another's answer and a language switch never shows the old language's texts. Calls sent without
 * a token (`auth: 'none'`) are the same for everyone and leave the session out.
 */
export interface QueryScope {
  lang: Language;
  /** The session's token (the member's in the app, the operator's in the console), '' for none. */
  token: string;
}

/** The scope as a key part: the session only for calls that carry the token. */
const scopeKey = (endpoint: AnyEndpoint, scope: QueryScope) => (endpoint.auth === 'none' ? { lang: scope.lang } : { lang: scope.lang, member: scope.token });

/** `[path, params, scope]`: the key of one endpoint's answer. */
export const endpointKey = (endpoint: AnyEndpoint, params: unknown, scope: QueryScope): QueryKey => [endpoint.path, params ?? null, scopeKey(endpoint, scope)];

/** Every cached answer of an endpoint, whatever the params: what `invalidates` and `removeQueries` match. */
export const endpointKeyPrefix = (endpoint: AnyEndpoint): QueryKey => [endpoint.path];

/** Whether a key holds an answer given to a session (its scope names one). */
export const isSessionAnswer = (key: QueryKey): boolean => typeof key[2] === 'object' && key[2] !== null && Boolean((key[2] as { member?: string }).member);
