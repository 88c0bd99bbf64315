import { displayMinor } from '@shop/contract/common';

const SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', JPY: '¥', MYR: 'RM', THB: '฿', IDR: 'Rp', HUF: 'Ft ', KHR: '៛', EUR: '€', GBP: '£' };

/** An amount in minor units as the shop shows it: currency sign and the amount floored to 2 decimals. */
export const formatPrice = (minor: number, currency: string): string => `${SYMBOLS[currency] ?? `${currency} `}${displayMinor(minor, currency)}`;

export function Price({ value, currency, market, className }: { value: number; currency: string; market?: number; className?: string }) {
  return (
    <span className={`price ${className ?? ''}`}>
      <span className="price-now">{formatPrice(value, currency)}</span>
      {market !== undefined && market > value && <del className="price-market">{formatPrice(market, currency)}</del>}
    </span>
  );
}
