import { sql } from 'kysely';
import { OPERATOR_ROLES, type OperatorRole } from '@shop/contract';
import type { Database } from '../db/database.js';
import { describeFinding, ledgerCheck } from '../modules/ledger/ledger.service.js';
import { createOperator } from '../modules/operators/operators.service.js';
import { findUserById, findUserByUserName } from '../modules/members/members.queries.js';
import { setBanned, setCaptchaSetting } from '../modules/accounts/operator.service.js';
import { reviewCancellation } from '../modules/cancellation/cancellation.service.js';
import { reviewRealName } from '../modules/certification/certification.service.js';

export const USAGE = `Operator commands (each decision is recorded with who and when):
  ban <user> [--reason "…"]            ban a member (user name or id); every session ends
  unban <user>                          lift a ban
  realname list                         real-name requests waiting for review
  realname approve <id>                 approve a real-name request
  realname reject <id> --reason "…"     reject it (the member may resubmit)
  cancel list                           account-cancellation requests waiting for review
  cancel approve <id>                   approve (the member then confirms with an e-mailed code)
  cancel reject <id> --reason "…"       reject it (the member may apply again)
  captcha off|auto|always               when the slider captcha is asked for
  captcha-bypass on|off                 whether the app may continue when the slider cannot load
  log [n]                               the last n decisions
  operator create <name> --role <role>  a console operator (owner, finance, support, catalogue, reviewer); prints a one-time setup link
  ledger check                          verify the ledger's invariants; exits 1 with the findings
Options: --by <operator> (default: $OPERATOR or the system user)`;

interface Parsed {
  words: string[];
  reason?: string;
  by?: string;
  role?: string;
}

export function parseArgs(argv: string[]): Parsed {
  const words: string[] = [];
  const out: Parsed = { words };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--reason') out.reason = argv[++i];
    else if (a.startsWith('--reason=')) out.reason = a.slice(9);
    else if (a === '--by') out.by = argv[++i];
    else if (a.startsWith('--by=')) out.by = a.slice(5);
    else if (a === '--role') out.role = argv[++i];
    else if (a.startsWith('--role=')) out.role = a.slice(7);
    else words.push(a);
  }
  return out;
}

async function memberId(db: Database, who: string | undefined): Promise<number> {
  if (!who) throw new Error('which member? give a user name or id');
  const user = /^\d+$/.test(who) ? await findUserById(db, Number(who)) : await findUserByUserName(db, who);
  if (!user) throw new Error(`no member ${who}`);
  return user.id;
}

const idOf = (v: string | undefined): number => {
  if (!v || !/^\d+$/.test(v)) throw new Error('give the request id (a number)');
  return Number(v);
};

/** A finding of a check: the command prints it and exits 1. */
export class OpsCheckFailed extends Error {}

/** Runs one operator command and returns what to print. Throws with a plain message on a bad command. */
export async function runOpsCommand(db: Database, argv: string[], defaultOperator: string, options: { publicUrl?: string } = {}): Promise<string> {
  const { words, reason, by, role } = parseArgs(argv);
  const operator = by ?? defaultOperator;
  const [cmd, a, b] = words;
  switch (cmd) {
    case 'ban':
    case 'unban': {
      const r = await setBanned(db, operator, await memberId(db, a), cmd === 'ban', reason);
      return `member ${r.id} is now ${r.status} (by ${operator})`;
    }
    case 'realname': {
      if (a === 'list') {
        const rows = await db
          .selectFrom('certifications')
          .innerJoin('users', 'users.id', 'certifications.user_id')
          .select(['certifications.id', 'users.user_name', 'certifications.kind', 'certifications.country', 'certifications.document_type', 'certifications.surname', 'certifications.given_name', 'certifications.created_at'])
          .where('certifications.status', '=', 'pending')
          .orderBy('certifications.id')
          .execute();
        return rows.length ? rows.map((r) => `#${r.id}  ${r.user_name}  ${r.kind}/${r.country}  ${r.document_type}  ${r.surname} ${r.given_name}  ${new Date(r.created_at).toISOString()}`).join('\n') : 'no real-name requests waiting';
      }
      if (a !== 'approve' && a !== 'reject') throw new Error('realname approve|reject <id>');
      const r = await reviewRealName(db, operator, idOf(b), a, reason);
      return `real-name request ${r.id} of member ${r.user_id}: ${r.status} (by ${operator})`;
    }
    case 'cancel': {
      if (a === 'list') {
        const rows = await db
          .selectFrom('account_cancellations')
          .innerJoin('users', 'users.id', 'account_cancellations.user_id')
          .select(['account_cancellations.id', 'users.user_name', 'account_cancellations.created_at'])
          .where('account_cancellations.status', '=', 'pending')
          .orderBy('account_cancellations.id')
          .execute();
        return rows.length ? rows.map((r) => `#${r.id}  ${r.user_name}  ${new Date(r.created_at).toISOString()}`).join('\n') : 'no cancellation requests waiting';
      }
      if (a !== 'approve' && a !== 'reject') throw new Error('cancel approve|reject <id>');
      const r = await reviewCancellation(db, operator, idOf(b), a, reason);
      return `cancellation request ${r.id} of member ${r.user_id}: ${r.status} (by ${operator})`;
    }
    case 'captcha':
      await setCaptchaSetting(db, operator, 'captcha_mode', a ?? '');
      return `captcha mode is now ${a} (by ${operator})`;
    case 'captcha-bypass':
      await setCaptchaSetting(db, operator, 'captcha_bypass', a ?? '');
      return `captcha bypass is now ${a} (by ${operator})`;
    case 'log': {
      const rows = await db.selectFrom('operator_actions').selectAll().orderBy('id', 'desc').limit(Number(a) || 20).execute();
      return rows.map((r) => `${new Date(r.created_at).toISOString()}  ${r.operator}  ${r.action}  ${r.target_type}#${r.target_id}${r.reason ? `  "${r.reason}"` : ''}`).join('\n') || 'no decisions yet';
    }
    case 'operator': {
      if (a !== 'create' || !b) throw new Error('operator create <name> --role owner|finance|support|catalogue|reviewer');
      if (!role || !(OPERATOR_ROLES as readonly string[]).includes(role)) throw new Error(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
      const created = await createOperator(db, operator, { userName: b, role: role as OperatorRole });
      const base = (options.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
      return [
        `operator ${b} (${role}) created by ${operator}.`,
        `One-time setup link (until ${created.expiresAt.toISOString()}), to set the password:`,
        `  ${base}/admin/#/setup?token=${created.setupToken}`,
        `Without the console: POST ${base}/admin/api/auth/setup-password {"token":"${created.setupToken}","password":"…"}`,
      ].join('\n');
    }
    case 'ledger': {
      if (a !== 'check') throw new Error('ledger check');
      const findings = await ledgerCheck(db);
      if (findings.length) throw new OpsCheckFailed(`ledger check: ${findings.length} finding(s)\n${findings.map((f) => `- ${describeFinding(f)}`).join('\n')}`);
      return 'ledger check: every entry balances per currency, cached balances match their postings, no member balance is negative, no hold is settled twice';
    }
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw new Error(`unknown command ${cmd}\n\n${USAGE}`);
  }
}

/** Whether the database answers (used to reuse a running embedded server). */
export async function reachable(db: Database): Promise<boolean> {
  return sql`select 1`.execute(db).then(() => true, () => false);
}
