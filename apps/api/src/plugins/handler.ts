import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyEndpoint, EndpointBody, EndpointData, EndpointQuery } from '@shop/contract';
import type { PreSerialized } from '../lib/pre-serialized.js';
import type { Actor } from '../lib/actor.js';
import type { Operator } from '../modules/operators/operators.service.js';
import type { Member } from './auth.js';
import type { RequestContext } from './context.js';

// What a contract call's handler is given and may answer (types only: the route layer and the
// idempotency wrapper both name them).

export interface HandlerInput<E extends AnyEndpoint> {
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  ctx: RequestContext;
  /** The logged-in member: always there for `member` calls, there or not for `optional` ones. */
  member: E['auth'] extends 'member' ? Member : Member | undefined;
  /** The signed-in operator of an `operator` call, its role already checked for the call's permission. */
  operator: E['auth'] extends 'operator' ? Operator : undefined;
  /** Who is calling (member, operator or visitor), as every service takes it. */
  actor: Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

// A pre-serialised answer is typed by its endpoint's data: another call's cached answer does not compile.
export type Handler<E extends AnyEndpoint> = (
  input: HandlerInput<E>,
) => Promise<EndpointData<E> | PreSerialized<EndpointData<E>>> | EndpointData<E> | PreSerialized<EndpointData<E>>;

