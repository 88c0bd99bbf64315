import { displayMinor } from '@shop/contract/common';

const SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', JPY: '¥', MYR: 'RM', THB: '฿', IDR: 'Rp', HUF: 'Ft ', KHR: '៛', EUR: '€', GBP: '£', TWD: 'NT$', HKD: 'HK$', SGD: 'S$' };

/** An amount in minor units as the shop shows it: currency sign and the amount floored to 2 decimals (spec §5). */
export const formatAmount = (minor: number, currency: string): string => `${minor < 0 ? '-' : ''}${SYMBOLS[currency] ?? `${currency} `}${displayMinor(Math.abs(minor), currency)}`;

export function Amount({ value, currency, className }: { value: number; currency: string; className?: string }) {
  return <span className={`amount ${className ?? ''}`}>{formatAmount(value, currency)}</span>;
}
