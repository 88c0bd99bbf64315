import { useState } from 'react';
import { CapsuleTabs, List } from 'antd-mobile';
import { convertMinorFloor, floorAmount, fromMinorUnits } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { TapRow } from '@/components/tap-row';
import { useGoodsPages } from '../api/list-goods';
import { useSaleAreas } from '../api/list-sale-areas';
import { formatPrice } from '../components/price';
import '../catalogue.css';
import { useTranslation } from '@/lib/i18n';

/** Today's prices by country: the best sellers in each country's currency at today's rate. */
export default function RealTimePage() {
  const { t } = useTranslation();
  const areas = useSaleAreas();
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
                <TapRow key={g.id} to={`${paths.goods.details}?id=${g.id}`} extra={<strong>{formatPrice(convertMinorFloor(g.price, g.currency, area.rate, area.currency), area.currency)}</strong>} description={`${g.currency} ${fromMinorUnits(g.price, g.currency)}`}>
                  {g.name}
                </TapRow>
              ))}
            </List>
          </>
        )}
      </ListState>
    </div>
  );
}
