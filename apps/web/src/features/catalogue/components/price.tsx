import { formatMoney } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/** An amount in minor units as the shop shows it, in the member's language (see formatMoney); `decimals` for an estimate. */
export const formatPrice = (minor: number, currency: string, lang?: string, decimals?: number): string => formatMoney(minor, currency, lang, decimals);

export function Price({ value, currency, market, className }: { value: number; currency: string; market?: number; className?: string }) {
  // The language is read here so a price is written anew when the member switches languages.
  const { i18n } = useTranslation();
  return (
    <span className={`price ${className ?? ''}`}>
      <span className="price-now">{formatPrice(value, currency, i18n.language)}</span>
      {market !== undefined && market > value && <del className="price-market">{formatPrice(market, currency, i18n.language)}</del>}
    </span>
  );
}
