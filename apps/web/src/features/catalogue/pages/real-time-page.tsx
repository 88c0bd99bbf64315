import { useState } from 'react';
import { CapsuleTabs, List } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currencyExponent, floorAmount, fromMinorUnits, listSaleAreas } from '@shop/contract';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useGoodsPages } from '../api/goods';
import { formatPrice } from '../components/price';
import '../catalogue.css';

/** `minor` units of the shop currency in `currency` at an exact decimal `rate`, floored to the currency's minor unit. */
export function convertMinor(minor: number, fromCurrency: string, rate: string, toCurrency: string): number {
  const [int = '0', frac = ''] = rate.split('.');
  const num = BigInt(int + frac);
  const den = 10n ** BigInt(frac.length);
  const fromExp = 10n ** BigInt(currencyExponent(fromCurrency));
  const toExp = 10n ** BigInt(currencyExponent(toCurrency));
  return Number((BigInt(minor) * num * toExp) / (den * fromExp));
}

/** Today's prices by country: the best sellers in each country's currency at today's rate. */
export default function RealTimePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage((s) => s.lang);
  const areas = useQuery({ queryKey: ['sale-areas', lang], queryFn: () => call(listSaleAreas, undefined, { quiet: true }) });
  const goods = useGoodsPages({ shelf: 'hot', sort: 'sales', limit: 20 });
  const [code, setCode] = useState<string>();
  const list = areas.data?.list ?? [];
  const area = list.find((a) => a.code === code) ?? list[0];
  const items = goods.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page real-time-page">
      <PageHeader title={t('app.page.realTimePrices')} />
      <ListState loading={areas.isPending || goods.isPending} error={areas.isError || goods.isError} empty={list.length === 0} onRetry={() => void (areas.refetch(), goods.refetch())}>
        {area && (
          <>
            <CapsuleTabs activeKey={area.code} onChange={setCode}>
              {list.map((a) => (
                <CapsuleTabs.Tab key={a.code} title={`${a.flag} ${a.name}`} />
              ))}
            </CapsuleTabs>
            <div className="real-time-rate">
              {t('catalogue.realTime.rate', { base: areas.data!.base_currency, rate: floorAmount(area.rate, 4), currency: area.currency })}
            </div>
            <List>
              {items.map((g) => (
                <List.Item key={g.id} onClick={() => navigate(`${paths.goods.details}?id=${g.id}`)} extra={<strong>{formatPrice(convertMinor(g.price, g.currency, area.rate, area.currency), area.currency)}</strong>} description={`${g.currency} ${fromMinorUnits(g.price, g.currency)}`}>
                  {g.name}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </ListState>
    </div>
  );
}
