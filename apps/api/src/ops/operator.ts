import { roleAllows, type OperatorRole, type Permission } from '@shop/contract';
import type { Database } from '../db/database.js';
import { operatorCliActor, type Actor } from '../lib/actor.js';
import type { SecretBox } from '../lib/secrets.js';
import { findOperatorByName } from '../modules/operators/operators.queries.js';
import { confirmOperatorCode } from '../modules/operators/operators.service.js';

// `--by` names who decides, and the command line decides as that console operator: their id (so the
// four-eyes checks compare ids, never names), their role's permissions and the member account they
// hold. A name alone would let one person approve their own request, or a role they lack; and since
// anyone at the machine can type any name, a decision about value also needs that operator's current
// authenticator code (docs/decisions/2026-11-29-command-line-as-an-operator.md, 2026-11-30).

/**
 * The permission of the console's call each command stands for (its first words, the longest named
 * wins). Commands not named act as no operator: `operator create` (the machine's administrator adds
 * the first owners: docs/decisions/2026-11-29-operator-grants.md), `operator setup-link` (restores an
 * operator's access, even the last owner's: docs/decisions/2026-11-29-operator-sign-in-links.md),
 * `ledger check` (reads only), help.
 */
const COMMAND_PERMISSIONS: Readonly<Record<string, Permission>> = {
  ban: 'members.ban',
  unban: 'members.ban',
  realname: 'realname.review',
  cancel: 'cancellation.review',
  captcha: 'settings.write',
  'captcha-bypass': 'settings.write',
  log: 'audit.read',
  'operator member': 'operators.manage',
  // Which kinds an operator decides is the approvals' own check (the console's page is open to every role).
  approvals: 'session',
  orders: 'orders.read',
  'order show': 'orders.read',
  'order reminders': 'orders.read',
  'order ship': 'orders.fulfil',
  'order track': 'orders.fulfil',
  'order cancel': 'orders.fulfil',
  'order expiry': 'settings.write',
  'order auto-confirm': 'settings.write',
  'order settle-after': 'settings.write',
  'order points': 'settings.write',
  'order goods-points': 'settings.write',
  'order coupon': 'settings.write',
  'order group-buy': 'catalogue.write',
  'order charity': 'settings.write',
  'order charity list': 'orders.read',
  'order fees': 'settings.write',
  'order shipping-fee': 'settings.write',
  'order operating-fee': 'settings.write',
  'order freight': 'settings.write',
  'wallet recharges': 'withdrawals.review',
  'wallet recharge': 'withdrawals.review',
  'wallet withdrawals': 'withdrawals.review',
  'wallet withdrawal': 'withdrawals.review',
  'wallet gift-cards': 'ledger.adjust',
  'wallet points': 'ledger.adjust',
  'wallet bank': 'settings.write',
  'wallet collection-account': 'settings.write',
  'wallet channel': 'settings.write',
  'wallet currency': 'settings.write',
  'wallet limit': 'settings.write',
  'wallet crypto-addresses': 'settings.write',
  'referral place': 'referral.move',
  'referral move': 'referral.move',
  'referral pair': 'referral.settings',
  'referral stars': 'referral.settings',
  'referral house-code': 'referral.settings',
};

/** The permission a command needs, or undefined for one that acts as no operator. */
export function permissionOfCommand(words: readonly string[]): Permission | undefined {
  for (let n = Math.min(words.length, 3); n > 0; n--) {
    const p = COMMAND_PERMISSIONS[words.slice(0, n).join(' ')];
    if (p) return p;
  }
  return undefined;
}

/**
 * The commands that decide about value or carry it out as an operator: any approval request decided,
 * a top-up credited or rejected, a withdrawal approved, paid out or rejected, an order cancelled (its
 * payment refunded), a group buy ended (its failed groups refunded). They need `--code`. Asking for
 * value (points, gift cards, a coupon …) works with the name alone, but then always waits for a second
 * operator; with `--code` it is carried out at once within the owner's threshold, as in the console.
 */
const CODE_COMMANDS: readonly string[] = [
  'approvals approve',
  'approvals reject',
  'wallet recharge confirm',
  'wallet recharge reject',
  'wallet withdrawal approve',
  'wallet withdrawal paid',
  'wallet withdrawal reject',
  'order cancel',
  'order group-buy end',
];

/** Whether a command decides about value, and so needs the operator's authenticator code. */
export const commandNeedsCode = (words: readonly string[]): boolean => CODE_COMMANDS.some((c) => words.slice(0, c.split(' ').length).join(' ') === c);

/** The console operator a command runs as: their id, role and linked member account. */
export interface OpsOperator {
  actor: Actor;
  role: OperatorRole;
}

/** How a command proves the operator is at the machine: their authenticator's code, if given, and whether the command needs it. */
export interface OpsCode {
  code?: string;
  required: boolean;
  /** The key ring the authenticators are sealed with (read only when a code is checked). */
  secrets: () => SecretBox;
}

/**
 * The active console operator `--by` (or the default) names, checked for the command's permission
 * as the console checks its call, and, where the command decides about value (or a code is given),
 * their current authenticator code; anyone else is refused with a plain message, nothing done.
 */
export async function operatorAtMachine(db: Database, name: string, permission: Permission, proof?: OpsCode): Promise<OpsOperator> {
  const op = await findOperatorByName(db, name);
  if (!op) throw new Error(`no operator ${name}: --by (else $OPERATOR, else the system user) must name a console operator (npm run ops -- operator create ${name} --role …)`);
  if (op.status !== 'active') throw new Error(`operator ${op.user_name} is disabled: they decide nothing`);
  if (!roleAllows(op.role, permission)) throw new Error(`operator ${op.user_name} (${op.role}) may not do this: it needs the permission ${permission}`);
  const code = proof?.code?.trim();
  if (proof && (proof.required || code)) {
    if (!op.totp_secret) throw new Error(`operator ${op.user_name} has no authenticator set up: a decision about value on the command line needs its code. Sign in to the console once to set one up, then add --code <6 digits>`);
    if (!code) throw new Error(`this decides about value: add --code <6 digits>, the current code of ${op.user_name}'s authenticator (as at the console's sign-in)`);
    await confirmOperatorCode({ db, secrets: proof.secrets() }, Number(op.id), code);
  }
  const named = operatorCliActor(op.user_name, Number(op.id));
  const actor: Actor = { ...named, ...(op.member_id === null ? {} : { operatorMemberId: Number(op.member_id) }), ...(code ? {} : { nameOnly: true as const }) };
  return { actor, role: op.role };
}
