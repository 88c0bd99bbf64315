import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@shop/contract';
import type { Member } from '../plugins/auth.js';

/** Who caused a change: the one caller identity new services take (and ledger entries and decisions record). */
export interface Actor {
  kind: 'member' | 'operator' | 'system' | 'job' | 'provider';
  /** Set for `member`. */
  memberId?: number;
  /** Set for `operator`. */
  operatorId?: number;
  /** For a job the job's name, for a provider its name (`stripe`), for the system what runs (`ops-cli`). */
  name?: string;
  /** The client address of a request; empty for work no request started. */
  ip: string;
  lang: Language;
  /** The request id (or job id / event id) that ties logs and records together. */
  requestId: string;
  /** The caller's `Idempotency-Key`, already validated, when it sent one. */
  idempotencyKey?: string;
}

/** What an `Idempotency-Key` may look like: 8 to 128 of letters, digits and `-_.:`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The request's `Idempotency-Key` header when it is well-formed, else undefined (the route layer rejects malformed ones). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return key && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined;
}

/** The actor of a request: the member when logged in, otherwise a visitor counted as `system` with no id. */
export function actorOf(request: FastifyRequest, member?: Pick<Member, 'userId'>): Actor {
  const idempotencyKey = idempotencyKeyOf(request);
  return {
    kind: member ? 'member' : 'system',
    ...(member ? { memberId: member.userId } : {}),
    ip: request.ctx?.ip ?? request.ip,
    lang: request.ctx?.lang ?? DEFAULT_LANGUAGE,
    requestId: String(request.id),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** The actor of an operator's request (console or `/admin/api/`). */
export function operatorActorOf(request: FastifyRequest, operatorId: number): Actor {
  const idempotencyKey = idempotencyKeyOf(request);
  return {
    kind: 'operator',
    operatorId,
    ip: request.ctx?.ip ?? request.ip,
    lang: request.ctx?.lang ?? DEFAULT_LANGUAGE,
    requestId: String(request.id),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** An operator acting from the command line (`npm run ops`). */
export function operatorCliActor(operatorId: number, requestId = `ops-${Date.now().toString(36)}`): Actor {
  return { kind: 'operator', operatorId, name: 'ops-cli', ip: '', lang: DEFAULT_LANGUAGE, requestId };
}

/** The system itself (start-up, seeding, migrations of data). */
export function systemActor(name: string, requestId = `${name}-${Date.now().toString(36)}`): Actor {
  return { kind: 'system', name, ip: '', lang: DEFAULT_LANGUAGE, requestId };
}

/** A durable job; `jobId` makes every record it writes traceable to the run. */
export function jobActor(taskName: string, jobId: string | number): Actor {
  return { kind: 'job', name: taskName, ip: '', lang: DEFAULT_LANGUAGE, requestId: `job-${jobId}` };
}

/** A provider's notification (webhook); the event id is the request id of everything it causes. */
export function providerActor(provider: string, eventId: string, ip = ''): Actor {
  return { kind: 'provider', name: provider, ip, lang: DEFAULT_LANGUAGE, requestId: `${provider}:${eventId}` };
}
