import { formatMoney } from '@/lib/format';

/**
 * An amount in minor units as the member reads money in their language (lib/format): the currency's
 * sign, its own decimals, floored (spec §5), and the language's digit grouping; a minus before it
 * when negative.
 */
export const formatAmount = (minor: number, currency: string): string => (minor < 0 ? `-${formatMoney(-minor, currency)}` : formatMoney(minor, currency));

export function Amount({ value, currency, className }: { value: number; currency: string; className?: string }) {
  return <span className={`amount ${className ?? ''}`}>{formatAmount(value, currency)}</span>;
}
