import { DEFAULT_LANGUAGE, ResponseCode, type Language } from '@shop/contract';
import { AppError } from './errors.js';

/**
 * Who is calling: the one caller identity every service takes as its second argument
 * (`service(executor, actor, input)`), and what ledger entries and operator decisions record.
 * Route handlers get it as `actor`; jobs, webhooks and commands build theirs below.
 */
export interface Actor {
  kind: 'member' | 'operator' | 'system' | 'job' | 'provider';
  /** Set for `member`. */
  memberId?: number;
  /** The member's or operator's session this request came with (to end it at sign-out); never the token itself. */
  sessionId?: number;
  /** Set for `operator`. */
  operatorId?: number;
  /** For `operator`: the member account the same person holds, when an owner linked one. */
  operatorMemberId?: number;
  /** For `operator` on the command line named by `--by` alone, without their authenticator's code: they may ask for value, never create it alone. */
  nameOnly?: true;
  /** For a job the job's name, for a provider its name (`stripe`), for the system what runs (`ops-cli`). */
  name?: string;
  /** The client address of a request; empty for work no request started. */
  ip: string;
  /** The client's User-Agent, when a request has one (recorded with new sessions). */
  userAgent?: string;
  lang: Language;
  /** The request id (or job id / event id) that ties logs and records together. */
  requestId: string;
  /** The caller's `Idempotency-Key`, already validated, when it sent one. */
  idempotencyKey?: string;
}

/** What an `Idempotency-Key` may look like: 8 to 128 of letters, digits and `-_.:`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** An operator acting from the command line (`npm run ops`), named as `--by` gives (or the system user). */
export function operatorCliActor(name: string, operatorId?: number, requestId = `ops-${Date.now().toString(36)}`): Actor {
  return { kind: 'operator', ...(operatorId !== undefined ? { operatorId } : {}), name, ip: '', lang: DEFAULT_LANGUAGE, requestId };
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

/**
 * Who did it, as every stored record writes it (order and payment events, journal entries, audit
 * rows): the actor's kind and its id — the member's or operator's id, else the job's, provider's or
 * command's name, else `system`.
 */
export function actorStamp(actor: Actor): { actor_kind: Actor['kind']; actor_id: string } {
  const id = actor.kind === 'member' ? actor.memberId : actor.kind === 'operator' ? actor.operatorId : undefined;
  return { actor_kind: actor.kind, actor_id: String(id ?? actor.name ?? 'system') };
}

/** Refuses an operator's decision about the member account the same person holds: nobody decides about their own account. */
export function refuseOwnAccount(actor: Actor, memberId: number | string | null | undefined): void {
  if (actor.kind === 'operator' && actor.operatorMemberId !== undefined && memberId !== null && memberId !== undefined && Number(memberId) === actor.operatorMemberId) {
    throw new AppError(ResponseCode.ownMemberAccount);
  }
}

/** The member behind an actor; a call that needs one and has none answers 2002 (login required). */
export function memberIdOf(actor: Actor): number {
  if (actor.kind !== 'member' || actor.memberId === undefined) throw new AppError(ResponseCode.loginRequired);
  return actor.memberId;
}

/** The operator behind an actor (console, `/admin/api/` or `npm run ops`); anyone else is refused. */
export function operatorIdOf(actor: Actor): number {
  if (actor.kind !== 'operator' || actor.operatorId === undefined) throw new AppError(ResponseCode.forbidden);
  return actor.operatorId;
}

/** Who an operator decision is recorded as: `name#id` for a console operator, the given name on the command line. */
export function operatorNameOf(actor: Actor): string {
  if (actor.kind !== 'operator') throw new AppError(ResponseCode.forbidden);
  if (actor.name && actor.operatorId !== undefined) return `${actor.name}#${actor.operatorId}`;
  return actor.name ?? `operator#${operatorIdOf(actor)}`;
}
