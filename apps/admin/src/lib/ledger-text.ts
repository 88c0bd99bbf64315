import type { TFunction } from 'i18next';

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
 * Who wrote an entry: the kind of actor in the operator's language, then the member's or operator's
 * number, or what the shop itself was doing (demo data, reconciliation) in the same language.
 */
export function entryActorText(t: TFunction, kind: string, id: string): string {
  const who = t(`console.money.actors.${kind}`, { defaultValue: kind });
  if (kind === 'system') return id === 'system' ? who : `${who} · ${t(`console.money.ledger.systemNames.${id}`, { defaultValue: id })}`;
  return `${who} ${id}`;
}
