import * as c from '@shop/contract';
import type { ApprovalRequest } from '@shop/contract';
import type { Database } from '../db/database.js';
import type { Actor } from '../lib/actor.js';
import { memberNamed } from '../modules/accounts/operator.service.js';
import { switchWalletCurrency } from '../console/settings.js';
import * as recharge from '../modules/wallet/recharge.service.js';
import { addBank, grantPoints, issueGiftCards } from '../modules/wallet/wallet.service.js';
import type { RechargeKind, RechargeStatus, WithdrawalStatus } from '../modules/wallet/wallet.table.js';
import * as withdrawals from '../modules/wallet/withdrawals.service.js';
import { idOf, splitArgs, timeFlag, valid } from './args.js';

export const WALLET_USAGE = `  wallet recharges [status] [--kind bank_transfer|crypto|online|ctbc]   top-ups (default: under review), oldest first
  wallet recharge confirm <id> [--tx-hash <hash>] [--reason "…"]   the money arrived: credit the wallet once
  wallet recharge reject <id> --reason "…"                          reject an offline top-up
  wallet withdrawals [status]                                        withdrawals (default: pending)
  wallet withdrawal approve <id> | paid <id> --ref <payout ref> | reject <id> --reason "…"
  wallet gift-cards <member> --currency <C> --value <minor> --count <n> --expires 2026-12-31 [--reason "…"]   gift cards expiring at the end of that day (or at an ISO time)
  wallet points <member> points|shopping_points <amount> --reason "…"   grant points
  wallet bank <CC> bank|ewallet <code> --name "…" [--parent <id>] [--reason "…"]   add a bank (or a branch)
  wallet collection-account <C> --bank "…" --name "…" --number "…" [--branch "…"] [--reason "…"]   ask for a collection account (a second operator approves it)
  wallet channel <code> online|bank_transfer|ctbc|crypto --name "…" --currencies USD,MYR --min <minor> --max <minor> [--off] [--reason "…"]
  wallet currency <C> on|off [--reason "…"]                          offer a currency in the wallet, or stop offering it
  wallet limit <C> withdraw_bank|withdraw_crypto|transfer --fee-bp <n> --fee-fixed <minor> --min <minor> --max <minor> --daily-count <n> --daily-amount <minor> [--reason "…"]
  wallet crypto-addresses <network> <address> [<address> …] [--reason "…"]   ask for deposit addresses in the pool (a second operator approves them)
  (amounts in minor units)`;

/** The reason a settings change is recorded with: `--reason`, else that it came from the command line. */
const why = (flags: Map<string, string>) => flags.get('reason') ?? 'npm run ops';

const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

const RECHARGE_STATUSES: RechargeStatus[] = ['awaiting_payment', 'under_review', 'paid', 'rejected', 'cancelled', 'expired', 'partly_refunded', 'refunded'];
const WITHDRAWAL_STATUSES: WithdrawalStatus[] = ['pending', 'approved', 'paid', 'rejected', 'cancelled'];

type AdminRecharge = Awaited<ReturnType<typeof recharge.rejectRecharge>>;
type AdminWithdrawal = Awaited<ReturnType<typeof withdrawals.approveWithdrawal>>;
const rechargeLine = (r: AdminRecharge) =>
  `#${r.id}  ${r.order_no}  ${r.user_name} (member ${r.user_id})  ${r.kind}/${r.channel}  ${r.status}  pays ${r.pay_amount} ${r.pay_currency}, credits ${r.credit_amount} ${r.wallet_currency}${r.slip ? `  slip ${r.slip}` : ''}${r.tx_hash ? `  hash ${r.tx_hash}` : ''}  ${r.created_at}`;
const withdrawalLine = (w: AdminWithdrawal) => `#${w.id}  ${w.withdraw_no}  ${w.user_name} (member ${w.user_id}${w.member_status === 'active' ? '' : `, ${w.member_status}`})  ${w.status}  ${w.amount} + fee ${w.fee} ${w.currency}  to ${w.holder_name ?? ''} ${w.account_number ?? ''}  ${w.created_at}`;

/** A request waiting for a second operator, as the command line tells it. */
export const approvalLine = (r: ApprovalRequest) => `request #${r.id} (${r.kind}: ${r.summary}) waits for a second operator: npm run ops -- approvals approve ${r.id} --by <operator> --code <their authenticator code>`;

/** The wallet commands of `npm run ops`: the same services as the operator calls, each decision recorded. */
export async function runWalletCommand(db: Database, actor: Actor, argv: string[]): Promise<string> {
  const { words, flags } = splitArgs(argv, new Set(['off']));
  const [, cmd, a, b, ...rest] = words;
  const member = async (who: string | undefined) => {
    if (!who) throw new Error('which member? give a user name or id');
    return (await memberNamed(db, actor, { who })).id;
  };
  switch (cmd) {
    case 'recharges': {
      if (a && !RECHARGE_STATUSES.includes(a as RechargeStatus)) throw new Error(`status must be one of ${RECHARGE_STATUSES.join(', ')}`);
      const page = await recharge.adminRecharges(db, actor, { status: (a as RechargeStatus | undefined) ?? 'under_review', kind: flags.get('kind') as RechargeKind | undefined, page: 1, limit: 50 });
      return page.list.map(rechargeLine).join('\n') || 'no top-ups';
    }
    case 'recharge': {
      if (a === 'confirm') {
        const { request, result } = await recharge.confirmRecharge(db, actor, valid(c.adminConfirmRecharge.body, { id: idOf(b, 'top-up'), tx_hash: flags.get('tx-hash'), reason: flags.get('reason') }));
        return result ? `confirmed: ${rechargeLine(result)}` : approvalLine(request);
      }
      if (a === 'reject') return `rejected: ${rechargeLine(await recharge.rejectRecharge(db, actor, valid(c.adminRejectRecharge.body, { id: idOf(b, 'top-up'), reason: flags.get('reason') })))}`;
      throw new Error('wallet recharge confirm|reject <id>');
    }
    case 'withdrawals': {
      if (a && !WITHDRAWAL_STATUSES.includes(a as WithdrawalStatus)) throw new Error(`status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`);
      const page = await withdrawals.adminWithdrawals(db, actor, { status: (a as WithdrawalStatus | undefined) ?? 'pending', page: 1, limit: 50 });
      return page.list.map(withdrawalLine).join('\n') || 'no withdrawals';
    }
    case 'withdrawal': {
      const id = idOf(b, 'withdrawal');
      if (a === 'approve') return `approved: ${withdrawalLine(await withdrawals.approveWithdrawal(db, actor, { id, reason: flags.get('reason') }))}`;
      if (a === 'paid') return `paid: ${withdrawalLine(await withdrawals.markWithdrawalPaid(db, actor, valid(c.adminMarkWithdrawalPaid.body, { id, payout_reference: flags.get('ref') })))}`;
      if (a === 'reject') return `rejected: ${withdrawalLine(await withdrawals.rejectWithdrawal(db, actor, valid(c.adminRejectWithdrawal.body, { id, reason: flags.get('reason') })))}`;
      throw new Error('wallet withdrawal approve|paid|reject <id>');
    }
    case 'gift-cards': {
      const input = valid(c.adminIssueGiftCards.body, { user_id: await member(a), currency: flags.get('currency'), value: num(flags.get('value')), count: num(flags.get('count')), expires_at: timeFlag(flags.get('expires'), '--expires', { endOfDay: true }), reason: flags.get('reason') });
      const { request, result: r } = await issueGiftCards(db, actor, input);
      return r ? `batch ${r.batch_id}: ${r.card_ids.length} card(s) of ${input.value} ${input.currency} for member ${input.user_id}\n${r.codes.join('\n')}` : approvalLine(request);
    }
    case 'points': {
      const input = valid(c.adminGrantPoints.body, { user_id: await member(a), kind: b, amount: num(rest[0]), reason: flags.get('reason') });
      const { request, result: r } = await grantPoints(db, actor, input);
      return r ? `granted ${input.amount} ${input.kind} to member ${input.user_id}; balance ${r.balance}` : approvalLine(request);
    }
    case 'bank': {
      const r = await addBank(db, actor, valid(c.adminAddBank.body, { country_code: a, type: b, code: rest[0], name: flags.get('name'), parent_id: num(flags.get('parent')), reason: why(flags) }));
      return `bank ${r.id} added`;
    }
    case 'collection-account': {
      // Where members send money: always a request another operator approves, whoever asks.
      const { request } = await recharge.addCollectionAccount(db, actor, valid(c.adminAddCollectionAccount.body, { currency: a, bank_name: flags.get('bank'), account_name: flags.get('name'), account_number: flags.get('number'), branch: flags.get('branch'), reason: why(flags) }));
      return approvalLine(request);
    }
    case 'channel': {
      await recharge.setRechargeChannel(db, actor, valid(c.adminSetRechargeChannel.body, { code: a, kind: b, name: flags.get('name'), currencies: (flags.get('currencies') ?? '').split(',').filter(Boolean), min: num(flags.get('min')), max: num(flags.get('max')), enabled: !flags.has('off'), reason: why(flags) }));
      return `channel ${a} saved${flags.has('off') ? ' (off)' : ''}`;
    }
    case 'currency': {
      if (!a || (b !== 'on' && b !== 'off')) throw new Error('wallet currency <C> on|off');
      const r = await switchWalletCurrency(db, actor, { currency: a.toUpperCase(), enabled: b === 'on', reason: flags.get('reason') });
      if (!r.balanceMethod) return `${r.currency} no longer offered in the wallet`;
      const paying = r.balanceMethod.enabled
        ? `members pay with their ${r.currency} balance (pay method "balance" ${r.currency}${r.balanceMethod.added ? ', added' : ''})`
        : `paying with the ${r.currency} balance is switched off: enable pay method "balance" ${r.currency} in the console's payment methods`;
      return `${r.currency} offered in the wallet; ${paying}`;
    }
    case 'limit': {
      await recharge.setWalletLimit(db, actor, valid(c.adminSetWalletLimit.body, { currency: a, kind: b, fee_bp: num(flags.get('fee-bp')), fee_fixed: num(flags.get('fee-fixed')), min: num(flags.get('min')), max: num(flags.get('max')), daily_count: num(flags.get('daily-count')), daily_amount: num(flags.get('daily-amount')), reason: why(flags) }));
      return `limits of ${b} in ${a} saved`;
    }
    case 'crypto-addresses': {
      const { request } = await recharge.addCryptoAddresses(db, actor, valid(c.adminAddCryptoAddresses.body, { network: a, addresses: [b, ...rest].filter(Boolean), reason: why(flags) }));
      return approvalLine(request);
    }
    default:
      throw new Error(`wallet commands:\n${WALLET_USAGE}`);
  }
}
