import type { LedgerProblem } from '@shop/contract/admin';
import type { TFunction } from 'i18next';
import { formatNumber } from './format';
import { showAmount } from './money';

// The journal as an operator reads it: each entry's kind, reference and author in the operator's
// language (the contract lists every kind and reference the ledger writes; each has a name in every
// pack), never the API's codes. A code without a name (a test's entry) shows as it is.

/** The name of an entry's kind (`order.points.earn` → "Points earned on an order"); a reversal names what it reverses. */
export function entryKindText(t: TFunction, kind: string): string {
  const reversed = /^(.+)\.reversal$/.exec(kind);
  if (reversed) return t('console.money.ledger.kindReversal', { kind: entryKindText(t, reversed[1]!) });
  return t(`console.money.ledger.kinds.${kind}`, { defaultValue: kind });
}

/** What an entry is about, as a kind word in the operator's language and its number (`order 1` → "คำสั่งซื้อ 1"). */
export const entryReferenceText = (t: TFunction, type: string, id: string): string => `${t(`console.money.ledger.refs.${type}`, { defaultValue: type })} ${id}`;

/**
 * Who wrote an entry: an operator as every page names them (`fin2#4`, `operator` as the journal gives
 * it); else the kind of actor in the operator's language, then the member's or operator's number, or
 * what the shop itself was doing (demo data, reconciliation) in the same language.
 */
export function entryActorText(t: TFunction, kind: string, id: string, operator?: string | null): string {
  if (kind === 'operator' && operator) return operator;
  const who = t(`console.money.actors.${kind}`, { defaultValue: kind });
  if (kind === 'system') return id === 'system' ? who : `${who} · ${t(`console.money.ledger.systemNames.${id}`, { defaultValue: id })}`;
  return `${who} ${id}`;
}

/** One problem the ledger check found, in the operator's language: which entry, account or hold, and the amounts in their currency. */
export function ledgerProblemText(t: TFunction, p: LedgerProblem): string {
  const k = (key: string, values: Record<string, string | number>) => t(`console.money.ledger.problems.${key}`, values);
  const account = (a: { account_id: number; member_id: number | null; asset: string }) => ({
    account: String(a.account_id),
    owner: a.member_id === null ? t('console.money.ledger.ownerShop') : t('console.money.ledger.ownerMember', { id: a.member_id }),
    asset: t(`console.members.assets.${a.asset}`, { defaultValue: a.asset }),
  });
  switch (p.kind) {
    case 'unbalanced-entry':
      return p.currency === null ? k('fewPostings', { entry: String(p.entry_id), postings: formatNumber(p.postings) }) : k('unbalanced', { entry: String(p.entry_id), currency: p.currency, total: showAmount(p.total, p.currency) });
    case 'balance-mismatch':
      return k('mismatch', { ...account(p), cached: showAmount(p.cached, p.currency), posted: showAmount(p.posted, p.currency) });
    case 'negative-member-balance':
      return k('negative', { ...account(p), balance: showAmount(p.balance, p.currency), posted: showAmount(p.posted, p.currency) });
    case 'hold-resolved-twice':
      return k('holdTwice', { hold: String(p.hold_id), status: t(`console.money.ledger.holdStatus.${p.status}`, { defaultValue: p.status }), resolutions: formatNumber(p.resolutions) });
  }
}
