import { generate, generateSecret } from 'otplib';
import type { OperatorRole } from '@shop/contract';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { operatorCliActor } from '../../lib/actor.js';
import { secretBoxFromConfig } from '../../lib/secrets.js';
import { findOperatorByName } from '../../modules/operators/operators.queries.js';
import { createOperator } from '../../modules/operators/operators.service.js';
import { commandNeedsCode } from '../operator.js';

/**
 * The console operators a test's commands run as (`--by`, or the default name): created once per
 * test database, as the machine's administrator does, and answered with their ids.
 */
export async function opsOperators(db: Database, roles: Record<string, OperatorRole>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [name, role] of Object.entries(roles)) {
    const found = await findOperatorByName(db, name);
    ids[name] = found ? Number(found.id) : (await createOperator(db, operatorCliActor('admin'), { userName: name, role })).id;
  }
  return ids;
}

const STEP_SECONDS = 30;

/**
 * Each named operator's authenticator, bound as their first console sign-in binds it (sealed with the
 * key ring the command line opens it with), and `--code <current code>` for a command deciding about
 * value, as the operator reads it off their phone. A decision uses up its code's time step; for tests
 * not about that rule, a step already used stands in for the half minute an operator waits for the next.
 */
export async function opsAuthenticators(db: Database, names: string[]): Promise<(name: string) => Promise<string[]>> {
  const secrets = secretBoxFromConfig(loadConfig());
  const seeds = new Map<string, { id: number; secret: string }>();
  for (const name of names) {
    const op = (await findOperatorByName(db, name))!;
    const secret = generateSecret();
    await db.updateTable('operators').set({ totp_secret: secrets.seal(secret, `operator-totp:${op.id}`), totp_pending_secret: null, totp_last_step: null }).where('id', '=', op.id).execute();
    seeds.set(name, { id: Number(op.id), secret });
  }
  return async (name) => {
    const seed = seeds.get(name);
    // An operator without an authenticator has no code to give.
    if (!seed) return [];
    const now = Math.floor(Date.now() / 1000);
    const step = Math.floor(now / STEP_SECONDS);
    const last = (await db.selectFrom('operators').select('totp_last_step').where('id', '=', seed.id).executeTakeFirstOrThrow()).totp_last_step;
    // Now's code, else the next step's (the check accepts one step either side), else now's as if the step had passed.
    const next = [step, step + 1].find((s) => last === null || s > Number(last));
    if (next === undefined) await db.updateTable('operators').set({ totp_last_step: step - 1 }).where('id', '=', seed.id).execute();
    return ['--code', await generate({ secret: seed.secret, epoch: (next ?? step) * STEP_SECONDS + 1 })];
  };
}

/** A command as the operator types it: with `--code` of the operator it runs as (`--by`, else the default) when it decides about value. */
export async function withCode(code: (name: string) => Promise<string[]>, argv: string[], defaultOperator: string): Promise<string[]> {
  if (!commandNeedsCode(argv)) return argv;
  const by = argv.indexOf('--by');
  return [...argv, ...(await code(by >= 0 ? argv[by + 1]! : defaultOperator))];
}
