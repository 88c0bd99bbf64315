import { convertMinorFloorAcross, estimateDecimals, type EndpointData } from '@shop/contract/common';
import type { listSaleAreas } from '@shop/contract/content';
import { isToday } from '@shop/client/dates';
import { formatDate, formatRate } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';
import { formatPrice } from './price';

type SaleAreas = EndpointData<typeof listSaleAreas>;
type SaleArea = SaleAreas['list'][number];

/** Units of `currency` per unit of the areas' base currency, as the areas give it; null when none is known. */
const rateOf = (areas: SaleAreas, currency: string): string | null => (currency === areas.base_currency ? '1' : (areas.list.find((a) => a.currency === currency)?.rate ?? null));

/**
 * A goods price in the area's currency: converted from the goods' own currency at the two currencies'
 * rates, floored, in whole units where prices have no decimals (forint, rupiah, riel), written in the
 * member's language. Undefined when either currency has no rate: nothing is guessed.
 */
export function priceInArea(areas: SaleAreas, area: SaleArea, goods: { price: number; currency: string }, lang?: string): string | undefined {
  const from = rateOf(areas, goods.currency);
  if (!area.rate || !from) return undefined;
  const decimals = estimateDecimals(area.currency);
  return formatPrice(convertMinorFloorAcross(goods.price, goods.currency, from, area.rate, area.currency), area.currency, lang, decimals);
}

/** The area's rate as the page heads it: "Today: …" only for a rate of today on this phone, else its date; or that there is none. */
export function areaRateLine(t: TFunction, areas: SaleAreas, area: SaleArea, lang?: string): string {
  if (!area.rate || !area.date) return t('catalogue.realTime.noRate', { currency: area.currency });
  const values = { base: areas.base_currency, rate: formatRate(area.rate, lang), currency: area.currency };
  return isToday(area.date) ? t('catalogue.realTime.rate', values) : t('catalogue.realTime.rateOn', { ...values, date: formatDate(area.date, { dateOnly: true, lang }) });
}
