import { ORDER_USAGE, runOrderCommand } from './orders.js';
import { runWalletCommand, WALLET_USAGE } from './wallet.js';
import { REFERRAL_USAGE, runReferralCommand } from './referral.js';
import { OPERATOR_ROLES, ResponseCode, type OperatorRole } from '@shop/contract';
import type { Database } from '../db/database.js';
import { pingDatabase } from '../db/health.queries.js';
import { describeFinding, ledgerCheck } from '../modules/ledger/ledger.service.js';
import { createOperator } from '../modules/operators/operators.service.js';
import { operatorCliActor, type Actor } from '../lib/actor.js';
import { commandNeedsCode, operatorAtMachine, permissionOfCommand } from './operator.js';
import { asCommandLine } from '../lib/command-line.js';
import { secretBoxFromConfig, type SecretBox } from '../lib/secrets.js';
import { AppError } from '../lib/errors.js';
import { publicBaseUrl } from '../lib/public-url.js';
import { loadConfig, type Config } from '../config.js';
import { memberNamed, setBanned, setCaptchaSetting } from '../modules/accounts/operator.service.js';
import { pendingCancellations, reviewCancellation } from '../modules/cancellation/cancellation.service.js';
import { pendingRealNames, reviewRealName } from '../modules/certification/certification.service.js';
import { recentDecisions } from '../modules/operator-actions/operator-actions.service.js';
import { cancelApproval, decideApproval, listApprovals } from '../modules/approvals/approvals.service.js';
import { issueOperatorSignInLink, linkOperatorMember } from '../modules/operators/operators-admin.service.js';
import { findOperatorByName } from '../modules/operators/operators.queries.js';

export const USAGE = `Operator commands (each decision is recorded with who and when, as from the command line):
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
  operator member <name> <user>|none --reason "…"   link the operator to the member account the same person holds
  operator setup-link <name> [--reset-2fa] [--reason "…"]   a new one-time sign-in link (lost password, expired link): prints it; the password, older links and sessions end (--reset-2fa: the authenticator too, for a lost phone)
  approvals [pending|approved|rejected|cancelled]   requests for value waiting for (or given) a second operator
  approvals approve <id> | reject <id> --reason "…" | cancel <id>   decide a request (never the operator who asked)
  ledger check                          verify the ledger's invariants; exits 1 with the findings
${ORDER_USAGE}
${WALLET_USAGE}
${REFERRAL_USAGE}
Options: --by <operator> (default: $OPERATOR or the system user): an active console operator, whose role
  must allow the command as it allows the console's call (operator create, operator setup-link and ledger check need none)
  --code <6 digits>: the current code of that operator's authenticator, as at the console's sign-in (each code once).
  Needed to decide about value: approvals approve|reject, wallet recharge confirm|reject,
  wallet withdrawal approve|paid|reject, order cancel, order group-buy end. Without it, asking for
  value (points, gift cards, coupons …) always waits for a second operator`;

interface Parsed {
  words: string[];
  reason?: string;
  by?: string;
  role?: string;
  /** `--reset-2fa`: a new sign-in link also removes the authenticator. */
  resetTotp?: boolean;
  /** `--code`: the current code of the operator's authenticator. */
  code?: string;
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
    else if (a === '--reset-2fa') out.resetTotp = true;
    else if (a === '--code') out.code = argv[++i];
    else if (a.startsWith('--code=')) out.code = a.slice(7);
    else words.push(a);
  }
  return out;
}

async function memberId(db: Database, actor: Actor, who: string | undefined): Promise<number> {
  if (!who) throw new Error('which member? give a user name or id');
  try {
    return (await memberNamed(db, actor, { who })).id;
  } catch (e) {
    // The service's "not found" serves the console; the command line names what it looked for.
    if (e instanceof AppError && e.code === ResponseCode.notFound) throw new Error(`no member ${who}`, { cause: e });
    throw e;
  }
}

const idOf = (v: string | undefined): number => {
  if (!v || !/^\d+$/.test(v)) throw new Error('give the request id (a number)');
  return Number(v);
};

/** A finding of a check: the command prints it and exits 1. */
export class OpsCheckFailed extends Error {}

/** What a command may be told by its caller: the shop's address, its configuration, a replica, the key ring of sealed secrets. */
export interface OpsOptions {
  /** Where the shop is reached, the base of the links printed (else from `config`). */
  publicUrl?: string;
  /** The shop's configuration (else read from the environment). */
  config?: Config;
  replica?: Database;
  /** Opens the operators' authenticator secrets (else from `config`). */
  secrets?: SecretBox;
}

/**
 * Where the links a command prints lead: the caller's `publicUrl`, else the shop's address as its
 * configuration gives it (PUBLIC_URL, else HOST and PORT, as the server listens). When neither
 * PUBLIC_URL nor PORT is set for the command, it cannot know which port the shop was started on:
 * the links are printed as paths (`base` is empty) with a `note` saying where to open them.
 */
export function linkBase(options: Pick<OpsOptions, 'publicUrl' | 'config'>): { base: string; note?: string } {
  if (options.publicUrl) return { base: options.publicUrl.replace(/\/+$/, '') };
  const config = options.config ?? loadConfig();
  if (config.PUBLIC_URL || config.env.PORT) return { base: publicBaseUrl(config) };
  return {
    base: '',
    note: `  (open it at the shop's address, e.g. ${publicBaseUrl(config)} for a shop started without PORT: PUBLIC_URL and PORT are not set for this command, so it does not know the address; set PUBLIC_URL as for the shop to print whole links)`,
  };
}

/**
 * Runs one operator command and returns what to print. Throws with a plain message on a bad command.
 * Every audit entry it writes is marked as from the command line.
 */
export function runOpsCommand(db: Database, argv: string[], defaultOperator: string, options: OpsOptions = {}): Promise<string> {
  return asCommandLine(() => runCommand(db, argv, defaultOperator, options));
}

async function runCommand(db: Database, argv: string[], defaultOperator: string, options: OpsOptions): Promise<string> {
  const { words, reason, by, role, resetTotp, code } = parseArgs(argv);
  const operator = by ?? defaultOperator;
  // Every decision runs as the console operator named, with their id and role (and, deciding about
  // value, their authenticator's code); the few commands of the machine's administrator (the first
  // owners, a read-only check) act as the name given.
  const permission = permissionOfCommand(words);
  const proof = { code, required: commandNeedsCode(words), secrets: () => options.secrets ?? secretBoxFromConfig(options.config ?? loadConfig()) };
  const { actor, role: operatorRole } = permission ? await operatorAtMachine(db, operator, permission, proof) : { actor: operatorCliActor(operator), role: undefined };
  // The sub-commands read their own flags: the operator's name and code are not among them.
  const own = argv.filter((w, i) => !(w === '--by' || w === '--code' || w.startsWith('--by=') || w.startsWith('--code=') || ((argv[i - 1] === '--by' || argv[i - 1] === '--code') && i > 0)));
  const [cmd, a, b] = words;
  switch (cmd) {
    case 'ban':
    case 'unban': {
      const r = await setBanned(db, actor, { userId: await memberId(db, actor, a), banned: cmd === 'ban', reason });
      return `member ${r.id} is now ${r.status} (by ${operator})`;
    }
    case 'realname': {
      if (a === 'list') {
        const rows = await pendingRealNames(db, actor);
        return rows.length ? rows.map((r) => `#${r.id}  ${r.user_name}  ${r.kind}/${r.country}  ${r.document_type}  ${r.surname} ${r.given_name}  ${new Date(r.created_at).toISOString()}`).join('\n') : 'no real-name requests waiting';
      }
      if (a !== 'approve' && a !== 'reject') throw new Error('realname approve|reject <id>');
      const r = await reviewRealName(db, actor, { id: idOf(b), decision: a, reason });
      return `real-name request ${r.id} of member ${r.user_id}: ${r.status} (by ${operator})`;
    }
    case 'cancel': {
      if (a === 'list') {
        const rows = await pendingCancellations(db, actor);
        return rows.length ? rows.map((r) => `#${r.id}  ${r.user_name}  ${new Date(r.created_at).toISOString()}`).join('\n') : 'no cancellation requests waiting';
      }
      if (a !== 'approve' && a !== 'reject') throw new Error('cancel approve|reject <id>');
      const r = await reviewCancellation(db, actor, { id: idOf(b), decision: a, reason });
      return `cancellation request ${r.id} of member ${r.user_id}: ${r.status} (by ${operator})`;
    }
    case 'captcha':
      await setCaptchaSetting(db, actor, { key: 'captcha_mode', value: a ?? '' });
      return `captcha mode is now ${a} (by ${operator})`;
    case 'captcha-bypass':
      await setCaptchaSetting(db, actor, { key: 'captcha_bypass', value: a ?? '' });
      return `captcha bypass is now ${a} (by ${operator})`;
    case 'log': {
      const rows = await recentDecisions(db, actor, { limit: Number(a) || 20 });
      return rows.map((r) => `${new Date(r.created_at).toISOString()}  ${r.operator}  ${r.action}  ${r.target_type}#${r.target_id}${r.reason ? `  "${r.reason}"` : ''}${r.facts ? `  ${JSON.stringify(r.facts)}` : ''}${r.via === 'command_line' ? '  (command line)' : ''}`).join('\n') || 'no decisions yet';
    }
    case 'operator': {
      if (a === 'member' && b) {
        const op = await findOperatorByName(db, b);
        if (!op) throw new Error(`no operator ${b}`);
        const who = words[3];
        if (!who) throw new Error('operator member <name> <user>|none --reason "…"');
        const linked = await linkOperatorMember(db, actor, { operator_id: op.id, member: who === 'none' ? null : who, reason: reason ?? 'npm run ops' });
        return linked.member_id === null ? `operator ${b} is linked to no member account (by ${operator})` : `operator ${b} holds member account ${linked.member_id}: they decide nothing about it (by ${operator})`;
      }
      const { base, note } = linkBase(options);
      if (a === 'setup-link' && b) {
        // The machine's administrator (trusted as for `operator create`) restores access, even the last owner's.
        const op = await findOperatorByName(db, b);
        if (!op) throw new Error(`no operator ${b}`);
        const issued = await issueOperatorSignInLink(db, actor, { id: op.id, reason: reason ?? 'npm run ops' }, { removeAuthenticator: resetTotp });
        return [
          `new sign-in link for operator ${op.user_name} (${op.role}) by ${operator}: their password and older links no longer work, ${issued.sessions_ended} session(s) ended; ${resetTotp ? 'their authenticator is removed (the next sign-in sets up a new one)' : 'their authenticator stays (--reset-2fa removes it)'}.`,
          `One-time link (until ${issued.expiresAt.toISOString()}), to set a new password:`,
          `  ${base}/admin/#/setup?token=${issued.setupToken}`,
          ...(note ? [note] : []),
        ].join('\n');
      }
      if (a !== 'create' || !b) throw new Error('operator create <name> --role owner|finance|support|catalogue|reviewer | operator setup-link <name>');
      if (!role || !(OPERATOR_ROLES as readonly string[]).includes(role)) throw new Error(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
      const created = await createOperator(db, actor, { userName: b, role: role as OperatorRole });
      return [
        `operator ${b} (${role}) created by ${operator}.`,
        `One-time setup link (until ${created.expiresAt.toISOString()}), to set the password:`,
        `  ${base}/admin/#/setup?token=${created.setupToken}`,
        ...(note ? [note] : []),
        `Without the console: POST ${base}/admin/api/auth/setup-password {"token":"${created.setupToken}","password":"…"}`,
      ].join('\n');
    }
    case 'ledger': {
      if (a !== 'check') throw new Error('ledger check');
      // A replica, when there is one, carries the check's minutes of reading off the primary.
      const where = options.replica ? ' (read on the replica)' : '';
      const findings = await ledgerCheck(options.replica ?? db);
      if (findings.length) throw new OpsCheckFailed(`ledger check${where}: ${findings.length} finding(s)\n${findings.map((f) => `- ${describeFinding(f)}`).join('\n')}`);
      return `ledger check${where}: every entry balances per currency, cached balances match their postings, no member balance is negative, no hold is settled twice`;
    }
    case 'approvals': {
      // As the named operator: the kinds their role decides, never their own request or member account.
      if (a === 'approve' || a === 'reject') {
        const r = await decideApproval(db, actor, operatorRole!, { id: idOf(b), decision: a, reason });
        const decided = `request #${r.id} (${r.kind}: ${r.summary}): ${r.status} (by ${operator})`;
        // An approved new operator's setup link is shown to the approver only, now.
        if (!r.shown_once) return decided;
        const { base, note } = linkBase(options);
        return `${decided}\nOne-time setup link (until ${r.shown_once.expires_at}), to set the password:\n  ${base}${r.shown_once.setup_path}${note ? `\n${note}` : ''}`;
      }
      if (a === 'cancel') {
        const r = await cancelApproval(db, actor, operatorRole!, { id: idOf(b), reason });
        return `request #${r.id} (${r.kind}: ${r.summary}): ${r.status} (by ${operator})`;
      }
      const status = (a ?? 'pending') as 'pending' | 'approved' | 'rejected' | 'cancelled';
      if (!['pending', 'approved', 'rejected', 'cancelled'].includes(status)) throw new Error('approvals [pending|approved|rejected|cancelled] | approve|reject|cancel <id>');
      const { list } = await listApprovals(db, actor, operatorRole!, { status, page: 1, limit: 100 });
      return list.length ? list.map((r) => `#${r.id}  ${r.kind}  ${r.summary}  member ${r.member_id ?? '—'}  asked by ${r.requested_by} ${r.requested_at}  "${r.reason}"${r.decided_by ? `  ${r.status} by ${r.decided_by}` : ''}`).join('\n') : `no ${status} requests`;
    }
    case 'order':
    case 'orders':
      return runOrderCommand(db, actor, own);
    case 'wallet':
      return runWalletCommand(db, actor, own);
    case 'referral':
      return runReferralCommand(db, actor, own);
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
  return pingDatabase(db).then(() => true, () => false);
}
