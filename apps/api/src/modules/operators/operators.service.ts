import { generateSecret, generateURI, verify } from 'otplib';
import { adminConfirmTotp, adminMe, adminSignOut, ROLE_PERMISSIONS, roleAllows, ResponseCode, type AccessKind, type OperatorRole, type Permission } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { operatorIdOf, operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newToken } from '../../lib/tokens.js';
import { withTransaction } from '../../lib/transaction.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { checkPassword, hashPassword, requireUncommonPassword } from '../members/identity.js';
import { LOGIN_FAILURE_WINDOW_MS, MEMBER_ONLY, PER_ADDRESS_ONLY, assertNotLocked, clearFailures, guessUnderLockout, operatorPasswordFailureKey, operatorTotpFailureKey, typedIdentifier } from '../captcha/lockout.js';
import { limitKeyOf } from '../../lib/client-network.js';
import * as q from './operators.queries.js';
import type { OperatorRow } from './operators.table.js';

/** An operator session lasts at most this long … */
export const OPERATOR_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** … and ends sooner after this long without a call. */
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;
/** The one-time setup link works this long. */
export const SETUP_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/** A fresh one-time setup token and when it stops working (only its hash is ever stored). */
export const newSetupToken = () => ({ setupToken: newToken(), expiresAt: new Date(Date.now() + SETUP_LINK_TTL_MS) });
const TOTP_ISSUER = 'H5 Shop console';
const TOTP_TOLERANCE_SECONDS = 30;

/** The signed-in operator behind a request. */
export interface Operator {
  operatorId: number;
  userName: string;
  role: OperatorRole;
  sessionId: number;
  /** The member account the same person holds, when an owner linked one. */
  memberId?: number;
  /** A first sign-in's session before the authenticator is bound: it may only bind it, read who it is or sign out. */
  needsTotp?: true;
}

const totpContext = (id: number) => `operator-totp:${id}`;

/** What the console shows of an operator. */
export const operatorView = (o: Pick<OperatorRow, 'id' | 'user_name' | 'role' | 'totp_secret'>) => ({
  id: o.id,
  user_name: o.user_name,
  role: o.role,
  permissions: [...ROLE_PERMISSIONS[o.role]],
  totp_bound: o.totp_secret !== null,
});

/** The request another owner approved, and who asked for it: recorded with the change it carried out. */
export interface ApprovalNote {
  id: number;
  askedBy: string;
}
/** An approved change's request and who asked, as the facts of its audit entry record them (null: done at once). */
export const approvalFacts = (a?: ApprovalNote) => ({ request_id: a ? a.id : null, asked_by: a ? a.askedBy : null });

/**
 * Records one event at the console's door with the address it came from: a known operator as their
 * decisions are recorded (`name#id`), a name no operator has as typed, in quotes (never read as an
 * operator's), an unread name (a request refused before its body) as ''.
 */
const recordAccess = (db: Executor, kind: AccessKind, who: Pick<OperatorRow, 'id' | 'user_name'> | { typed: string }, ip: string) =>
  insertOperatorAction(db, {
    operator: 'id' in who ? `${who.user_name}#${who.id}` : who.typed && JSON.stringify(who.typed),
    action: `${kind} ${ip}`,
    target_type: 'operator',
    target_id: 'id' in who ? who.id : 0,
  });

/** Creates an operator without a password and answers a one-time setup token (only its hash is kept). Recorded with who. */
export async function createOperator(db: Database, actor: Actor, input: { userName: string; role: OperatorRole; reason?: string; approval?: ApprovalNote }): Promise<{ id: number; setupToken: string; expiresAt: Date }> {
  const createdBy = operatorNameOf(actor);
  if (!/^[A-Za-z0-9_.-]{2,64}$/.test(input.userName)) throw new AppError(ResponseCode.validation, { field: 'user_name' }, { messageKey: 'validation.invalid' });
  if (!ROLE_PERMISSIONS[input.role]) throw new AppError(ResponseCode.settingInvalid, { allowed: Object.keys(ROLE_PERMISSIONS).join(', ') });
  const { setupToken, expiresAt } = newSetupToken();
  return withTransaction(db, async (tx) => {
    if (await q.findOperatorByName(tx, input.userName)) throw new AppError(ResponseCode.operatorNameTaken);
    // Whoever receives the setup link holds the new operator's way in: a console operator (the command line names none).
    const row = await q.insertOperator(tx, { userName: input.userName, role: input.role, setupToken, setupExpiresAt: expiresAt, createdBy, createdById: actor.operatorId ?? null });
    await insertOperatorAction(tx, { operator: createdBy, action: 'operator.create', target_type: 'operator', target_id: row.id, reason: input.reason, facts: { key: 'operator_role', role: input.role, ...approvalFacts(input.approval) } });
    return { id: row.id, setupToken, expiresAt };
  });
}

/**
 * Sets an operator's password with the one-time setup token; the token then stops working. The
 * members' rule applies: no common or breached password, not the operator's own name (the token stays usable).
 */
export async function setupOperatorPassword(db: Database, actor: Actor, input: { token: string; password: string }): Promise<{ user_name: string }> {
  const holder = await q.findOperatorBySetupToken(db, input.token);
  if (!holder) throw new AppError(ResponseCode.operatorSetupInvalid);
  await requireUncommonPassword(input.password, [holder.user_name]);
  const passwordHash = await hashPassword(input.password);
  return withTransaction(db, async (tx) => {
    const row = await q.setPasswordWithSetupToken(tx, input.token, passwordHash);
    if (!row) throw new AppError(ResponseCode.operatorSetupInvalid);
    await recordAccess(tx, 'access.password_set', row, actor.ip);
    return { user_name: row.user_name };
  });
}

/** Accepts a TOTP code once (its time step is remembered), or throws. */
async function acceptTotp(tx: Executor, operator: OperatorRow, secret: string, code: string | undefined): Promise<void> {
  if (!code) throw new AppError(ResponseCode.operatorTotpRequired);
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(operator.totp_last_step !== null ? { afterTimeStep: operator.totp_last_step } : {}),
  }).catch(() => ({ valid: false as const }));
  // In the console's words ("authenticator"), not the member app's.
  if (!result.valid) throw new AppError(ResponseCode.twoFactorInvalid, undefined, { messageKey: 'admin.code.operatorTotpInvalid' });
  await q.setOperatorTotp(tx, operator.id, { totp_last_step: (result as { timeStep: number }).timeStep });
}

/** The address an operator command's code guesses count under (the command line has none). */
const COMMAND_LINE_ADDRESS = 'command-line';

/**
 * Confirms an operator's decision on the command line with a current code of their authenticator,
 * checked as at the console's sign-in: a time step is accepted once, and wrong codes count under the
 * same lock as the sign-in's (10 in 15 minutes) and are recorded. An operator without a bound
 * authenticator is refused (7004: they sign in to the console once to set one up).
 */
export async function confirmOperatorCode(deps: Pick<AppDeps, 'db' | 'secrets'>, operatorId: number, code: string): Promise<void> {
  const { db, secrets } = deps;
  const key = operatorTotpFailureKey(operatorId);
  try {
    const { earlier } = await guessUnderLockout(
      db,
      key,
      COMMAND_LINE_ADDRESS,
      ResponseCode.twoFactorInvalid,
      () =>
        withTransaction(db, async (tx) => {
          const op = await q.lockOperatorForUpdate(tx, operatorId);
          if (!op?.totp_secret) throw new AppError(ResponseCode.operatorTotpSetupRequired);
          await acceptTotp(tx, op, secrets.open(op.totp_secret, totpContext(op.id)), code);
        }),
      MEMBER_ONLY,
    );
    await clearFailures(db, key, COMMAND_LINE_ADDRESS, earlier);
  } catch (e) {
    if (e instanceof AppError && e.code === ResponseCode.twoFactorInvalid) {
      const op = await q.findOperatorById(db, operatorId);
      if (op) await recordAccess(db, 'access.wrong_code', op, COMMAND_LINE_ADDRESS);
    }
    throw e;
  }
}

/** Every refused operator sign-in, whatever was wrong (the name, the password or the code): one answer. */
const signInRefused = () => new AppError(ResponseCode.loginFailed, undefined, { messageKey: 'admin.code.operatorSignInFailed' });

/**
 * Signs an operator in. The first sign-in needs the password only and answers a TOTP secret to set
 * up (an operator without a bound authenticator is confined to binding one); once one is bound, every
 * sign-in needs the password and a code of it, and a wrong name, password or code — or a missing
 * code — answers the same, so a guessed password is never confirmed without the second factor
 * (docs/decisions/2026-11-29-operator-sign-in-links.md).
 */
export async function signInOperator(deps: Pick<AppDeps, 'db' | 'secrets' | 'limiter'>, actor: Actor, body: { user_name: string; password: string; totp_code?: string }) {
  // What the audit log records if the guess is refused: learnt as it goes (the client's answer stays one).
  const refusal: Refusal = { kind: 'access.wrong_password' };
  try {
    return await guessSignIn(deps, actor, body, refusal);
  } catch (e) {
    if (e instanceof AppError) await recordRefusal(deps, actor.ip, body.user_name, refusal, e);
    throw e;
  }
}

/** Why a sign-in was refused, and whose name it was, as the audit log records it. */
interface Refusal {
  kind: AccessKind;
  operator?: OperatorRow;
}

/**
 * Records a refused sign-in: each wrong password or code that reached the check (the lockout bounds
 * those), and a lockout once per address and window however many tries it refuses: the same for a
 * name no operator has as for a real one, and never anything the client is told.
 */
async function recordRefusal(deps: Pick<AppDeps, 'db' | 'limiter'>, ip: string, typed: string, refusal: Refusal, e: AppError): Promise<void> {
  if (e.code === ResponseCode.loginLocked) {
    const first = await deps.limiter.hit(`operator-locked:${limitKeyOf(ip)}`, 1, LOGIN_FAILURE_WINDOW_MS);
    if (!first.allowed) return;
    const row = await q.findOperatorByName(deps.db, typed);
    await recordAccess(deps.db, 'access.locked', row ?? { typed }, ip);
  } else if (e.code === ResponseCode.loginFailed || e.code === ResponseCode.twoFactorInvalid) {
    await recordAccess(deps.db, refusal.kind, refusal.operator ?? { typed }, ip);
  }
}

/** A rate-limited sign-in (before its body is read): recorded once per address and window by the route's limit. */
export const recordSignInRateLimited = (db: Executor, ip: string) => recordAccess(db, 'access.rate_limited', { typed: '' }, ip);

/** Sign-ins one address may try a minute for one operator name (the call's own, looser limit counts every name from the address). */
export const SIGN_INS_PER_NAME_PER_MINUTE = 10;

/**
 * Refuses a sign-in past 10 a minute from one address for one name (429), recorded once per address,
 * name and window with the name tried: guessing at one operator stays slow, while the operators of one
 * office, behind one address, each sign in (the call's limit per address still stops a spray of names).
 */
export async function limitSignInsPerName(deps: Pick<AppDeps, 'db' | 'limiter'>, ip: string, typed: string): Promise<void> {
  const hit = await deps.limiter.hit(`operator-sign-in:${limitKeyOf(ip)}:${typedIdentifier(typed)}`, SIGN_INS_PER_NAME_PER_MINUTE, 60_000);
  if (hit.allowed) return;
  if (hit.count === SIGN_INS_PER_NAME_PER_MINUTE + 1) await recordAccess(deps.db, 'access.rate_limited', (await q.findOperatorByName(deps.db, typed)) ?? { typed }, ip);
  throw new AppError(ResponseCode.rateLimited, undefined, { httpStatus: 429 });
}

/** `signInOperator`'s guess under the lockout, telling `refusal` what it learns. */
async function guessSignIn(deps: Pick<AppDeps, 'db' | 'secrets'>, actor: Actor, body: { user_name: string; password: string; totp_code?: string }, refusal: Refusal) {
  const { db } = deps;
  const input = { userName: body.user_name, password: body.password, totpCode: body.totp_code, ip: actor.ip, userAgent: actor.userAgent };
  // Every refusal is a guess under the name's lockout: 10 from one address lock that address out
  // (unknown names alike); never the name for everyone (`PER_ADDRESS_ONLY`).
  const passwordKey = operatorPasswordFailureKey(input.userName);
  const { result, earlier: failedBefore } = await guessUnderLockout(db, passwordKey, actor.ip, ResponseCode.loginFailed, async () => {
    const row = await q.findOperatorByName(db, input.userName);
    refusal.operator = row;
    const bound = !!row?.totp_secret;
    // The code's own lock (10 wrong codes from all addresses together) holds for the name whatever
    // password comes with it, so being locked tells nothing about the password. Looked at for every
    // name (a key no code counts under when there is no authenticator), so every answer takes as long.
    await assertNotLocked(db, operatorTotpFailureKey(bound ? row!.id : 0), actor.ip, MEMBER_ONLY);
    const passwordOk = await checkPassword(row?.password_hash, input.password);
    if (!row || !passwordOk) throw signInRefused();
    if (row.status !== 'active') {
      refusal.kind = 'access.disabled';
      throw signInRefused();
    }
    refusal.kind = 'access.wrong_code';
    if (bound && !input.totpCode) throw signInRefused();
    // The code counts under the operator's own key too, so a password known to many addresses still
    // gets 10 guesses at the code in 15 minutes.
    const codeKey = operatorTotpFailureKey(row.id);
    try {
      const { result: session, earlier } = await guessUnderLockout(db, codeKey, actor.ip, ResponseCode.twoFactorInvalid, () => openOperatorSession(deps, row.id, input), MEMBER_ONLY);
      await clearFailures(db, codeKey, actor.ip, earlier);
      return session;
    } catch (e) {
      if (bound && e instanceof AppError && (e.code === ResponseCode.twoFactorInvalid || e.code === ResponseCode.operatorTotpRequired)) throw signInRefused();
      throw e;
    }
  }, PER_ADDRESS_ONLY);
  await clearFailures(db, passwordKey, actor.ip, failedBefore);
  return result;
}

/** The sign-in's second step, the operator's row locked: the authenticator's code (or its setup), then the session. */
async function openOperatorSession(deps: Pick<AppDeps, 'db' | 'secrets'>, operatorId: number, input: { totpCode?: string; ip: string; userAgent?: string }) {
  const { db, secrets } = deps;
  // A failed code must still count as used: the transaction commits the step, then the error is thrown.
  let failure: AppError | undefined;
  const answer = await withTransaction(db, async (tx) => {
    const op = await q.lockOperatorForUpdate(tx, operatorId);
    // Removed between the password check and the lock: the same answer as a wrong password.
    if (!op) throw signInRefused();
    let totpSetup: { secret: string; otpauth_url: string } | null = null;
    try {
      if (op.totp_secret) {
        await acceptTotp(tx, op, secrets.open(op.totp_secret, totpContext(op.id)), input.totpCode);
      } else if (op.sign_in_count === 0 || !op.totp_pending_secret) {
        const secret = op.totp_pending_secret ? secrets.open(op.totp_pending_secret, totpContext(op.id)) : generateSecret();
        await q.setOperatorTotp(tx, op.id, { totp_pending_secret: secrets.seal(secret, totpContext(op.id)) });
        totpSetup = { secret, otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: op.user_name, secret }) };
        if (op.sign_in_count > 0) throw new AppError(ResponseCode.operatorTotpSetupRequired, undefined, { data: totpSetup });
      } else {
        const pending = secrets.open(op.totp_pending_secret, totpContext(op.id));
        if (!input.totpCode) {
          throw new AppError(ResponseCode.operatorTotpSetupRequired, undefined, { data: { secret: pending, otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: op.user_name, secret: pending }) } });
        }
        await acceptTotp(tx, op, pending, input.totpCode);
        await q.setOperatorTotp(tx, op.id, { totp_secret: op.totp_pending_secret, totp_pending_secret: null });
        await recordAccess(tx, 'access.totp_bound', op, input.ip);
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failure = e;
      return undefined;
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + OPERATOR_SESSION_TTL_MS);
    await q.insertOperatorSession(tx, { operatorId: op.id, token, expiresAt, needsTotp: totpSetup !== null, ip: input.ip, userAgent: input.userAgent });
    const updated = await q.recordOperatorSignIn(tx, op.id);
    await recordAccess(tx, 'access.signed_in', op, input.ip);
    return { token, expires_at: expiresAt.toISOString(), operator: operatorView(updated), totp_setup: totpSetup };
  });
  if (failure) throw failure;
  return answer!;
}

/**
 * Binds the authenticator shown at the first sign-in once the operator types a current code of it:
 * a bad scan binds nothing (the secret stays pending, shown again at the next sign-in). A wrong code
 * still uses up its time step. Already bound: answers the profile, nothing changes.
 */
export async function confirmOperatorTotp(deps: Pick<AppDeps, 'db' | 'secrets'>, actor: Actor, body: { totp_code: string }) {
  const { db, secrets } = deps;
  let failure: AppError | undefined;
  const row = await withTransaction(db, async (tx) => {
    const op = await q.lockOperatorForUpdate(tx, operatorIdOf(actor));
    if (!op) throw notFound('operator');
    if (op.totp_secret) return op;
    if (!op.totp_pending_secret) throw new AppError(ResponseCode.operatorTotpSetupRequired);
    try {
      await acceptTotp(tx, op, secrets.open(op.totp_pending_secret, totpContext(op.id)), body.totp_code);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failure = e;
      return undefined;
    }
    await q.setOperatorTotp(tx, op.id, { totp_secret: op.totp_pending_secret, totp_pending_secret: null });
    await q.clearSessionsNeedingTotp(tx, op.id);
    await recordAccess(tx, 'access.totp_bound', op, actor.ip);
    return (await q.findOperatorById(tx, op.id))!;
  });
  if (failure) throw failure;
  return operatorView(row!);
}

/**
 * The operator behind a token: 2001 when it is unknown, revoked, expired, idle for 30 minutes or
 * the operator is disabled. A member's token is never an operator's (separate tables).
 */
export async function resolveOperator(db: Database, token: string): Promise<Operator> {
  const now = Date.now();
  const row = await q.findOperatorSession(db, token);
  if (!row || row.revoked_at || row.status !== 'active' || new Date(row.expires_at).getTime() <= now || new Date(row.last_seen_at).getTime() + OPERATOR_IDLE_MS <= now) {
    throw new AppError(ResponseCode.tokenInvalid);
  }
  // Written at most once a minute: the idle limit needs no more precision than that.
  if (new Date(row.last_seen_at).getTime() < now - 60_000) {
    await q.touchOperatorSession(db, row.session_id, new Date(now));
  }
  return { operatorId: row.id, userName: row.user_name, role: row.role, sessionId: row.session_id, ...(row.member_id !== null ? { memberId: Number(row.member_id) } : {}), ...(row.needs_totp ? { needsTotp: true as const } : {}) };
}

/** The calls a first sign-in's session may make before its authenticator is bound. */
const SETUP_CALLS: ReadonlySet<string> = new Set([adminConfirmTotp.path, adminMe.path, adminSignOut.path]);

/**
 * Refuses a call (`path`, none for the support desk's socket) the operator's role does not grant, and
 * any but the setup calls while the session waits for the authenticator to be bound.
 */
export function requirePermission(operator: Operator, permission: Permission, path?: string): void {
  if (operator.needsTotp && !(path && SETUP_CALLS.has(path))) throw new AppError(ResponseCode.operatorTotpSetupRequired, undefined, { httpStatus: 403 });
  if (!roleAllows(operator.role, permission)) throw new AppError(ResponseCode.forbidden, undefined, { httpStatus: 403 });
}

/** Ends the operator session the request came with, recorded with the address. */
export async function signOutOperator(db: Database, actor: Actor): Promise<{ ok: true }> {
  const id = operatorIdOf(actor);
  if (actor.sessionId === undefined) return { ok: true };
  const sessionId = actor.sessionId;
  await withTransaction(db, async (tx) => {
    const ended = await q.revokeOperatorSession(tx, sessionId);
    if (Number(ended[0]?.numUpdatedRows ?? 0) > 0) await recordAccess(tx, 'access.signed_out', { id, user_name: actor.name ?? 'operator' }, actor.ip);
  });
  return { ok: true };
}

/** The signed-in operator as the console shows it. */
export async function operatorProfile(db: Database, actor: Actor) {
  const row = await q.findOperatorById(db, operatorIdOf(actor));
  // An operator removed while signed in: "not found", not a crash.
  if (!row) throw notFound('operator');
  return operatorView(row);
}
