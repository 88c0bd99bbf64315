import { ResponseCode } from '@shop/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import type { Tx } from '../../lib/transaction.js';
import { findHoldByReference } from '../ledger/ledger.queries.js';
import { post, postHold, releaseHold, reserveHold, type PostingInput } from '../ledger/ledger.service.js';
import * as q from './wallet.queries.js';

// Refunding a top-up's gateway payment gives the member's money back to the card: the credit the
// top-up put in the wallet comes back out, in the wallet's currency. It is held (taken from the
// member's balance under the account's lock, refused when the member no longer has it) before the
// gateway is asked; the gateway's success books it, its failure gives it back.

/** What a refund of a top-up's payment says: its reference, its amount (in the payment's currency) and the amount refunded before it. */
export interface RechargeRefund {
  id: number;
  refund: string;
  amountMinor: number;
  currency: string;
  /** The gateway amount of this top-up's payment refunded (or being refunded) before this refund. */
  refundedBeforeMinor: number;
}

/** `part` of `whole` taken from `total` pro rata, rounded down (on running totals, so the last part takes exactly what is left). */
const upTo = (total: number, part: number, whole: number) => Number((BigInt(total) * BigInt(part)) / BigInt(whole));

type RechargeRow = NonNullable<Awaited<ReturnType<typeof q.findRechargeOrder>>>;

/** The credit (wallet currency) and the part of the payment net of the top-up's fee (payment currency) a refund of `amount` after `before` gives back. */
function shares(r: RechargeRow, amount: number, before: number) {
  const net = r.pay_amount - r.fee;
  const credit = r.pay_currency === r.wallet_currency ? net : r.credit_amount;
  const after = Math.min(before + amount, r.pay_amount);
  return { credit: upTo(credit, after, r.pay_amount) - upTo(credit, before, r.pay_amount), net: upTo(net, after, r.pay_amount) - upTo(net, before, r.pay_amount) };
}

const holdKey = (refund: string) => `refund:${refund}:take-back`;

/**
 * Before a refund of a top-up's payment is sent: holds the credit it takes back from the member's
 * cash, in the payments area's transaction. Refused (nothing moves, nothing is sent) when the top-up
 * was never credited or the member no longer holds that much.
 */
export async function holdRechargeRefund(tx: Tx, actor: Actor, input: RechargeRefund): Promise<void> {
  const r = await q.findRechargeOrder(tx, input.id);
  if (!r || (r.status !== 'paid' && r.status !== 'partly_refunded') || r.pay_currency !== input.currency) throw new AppError(ResponseCode.payableNotPayable);
  const { credit } = shares(r, input.amountMinor, input.refundedBeforeMinor);
  if (credit <= 0) return;
  try {
    await reserveHold(tx, { account: { member: r.user_id, asset: 'cash', currency: r.wallet_currency }, amount: credit, reference: { type: 'refund', id: input.refund }, idempotencyKey: holdKey(input.refund), actor });
  } catch (e) {
    if (e instanceof AppError && e.code === ResponseCode.insufficientBalance) throw new AppError(ResponseCode.refundCreditSpent, { amount: new Amount(credit, r.wallet_currency), currency: r.wallet_currency });
    throw e;
  }
}

/**
 * Books a top-up's refund once the gateway answered it: on success the held credit (through
 * `refunds`, converted back at the top-up's rate when the wallet's currency differs) and, for the
 * top-up's fee, `fees` pay the gateway's clearing, and the top-up is marked refunded (or partly);
 * on failure the hold goes back to the member. Answers the refund's entry.
 */
export async function finishRechargeRefund(tx: Tx, actor: Actor, input: RechargeRefund & { gateway: string; outcome: 'succeeded' | 'failed' }): Promise<number | undefined> {
  const r = await q.findRechargeOrder(tx, input.id);
  if (!r) throw new Error(`top-up ${input.id} does not exist`);
  const hold = await findHoldByReference(tx, 'refund', input.refund);
  if (input.outcome === 'failed') {
    if (hold?.status === 'pending') await releaseHold(tx, hold.id, { actor });
    return undefined;
  }
  const same = r.pay_currency === r.wallet_currency;
  const { credit, net } = shares(r, input.amountMinor, input.refundedBeforeMinor);
  // Held before it was sent; a refund sent before holds existed takes the credit now.
  const held = hold?.status === 'pending' ? (await postHold(tx, hold.id, { to: { system: 'refunds', currency: r.wallet_currency }, actor }), Number(hold.amount)) : 0;
  const taken = held || credit;
  const memberSide: PostingInput[] = held ? [{ account: { system: 'refunds', currency: r.wallet_currency }, amount: -taken }] : taken > 0 ? [{ account: { member: r.user_id, asset: 'cash', currency: r.wallet_currency }, amount: -taken }] : [];
  const paid = same ? taken : net;
  const postings: PostingInput[] = [
    { account: { system: 'gateway_clearing' as const, gateway: input.gateway, currency: input.currency }, amount: input.amountMinor },
    ...memberSide,
    ...(same ? [] : [
      { account: { system: 'fx_liquidity' as const, currency: r.wallet_currency }, amount: taken },
      { account: { system: 'fx_liquidity' as const, currency: r.pay_currency }, amount: -paid },
    ]),
    ...(input.amountMinor - paid !== 0 ? [{ account: { system: 'fees' as const, currency: input.currency }, amount: -(input.amountMinor - paid) }] : []),
  ].filter((x) => x.amount !== 0);
  const { entryId } = await post(tx, {
    kind: 'recharge.refund',
    reference: { type: 'refund', id: input.refund },
    idempotencyKey: `refund:${input.refund}:recharge`,
    actor,
    ...(same ? {} : { rate: { rate: r.rate, source: r.rate_source as 'ecb' | 'operator' | 'identity', date: r.rate_date } }),
    postings,
  });
  const whole = input.refundedBeforeMinor + input.amountMinor >= r.pay_amount;
  await q.transitionRecharge(tx, r.id, ['paid', 'partly_refunded'], whole ? 'refunded' : 'partly_refunded', {});
  return entryId;
}
