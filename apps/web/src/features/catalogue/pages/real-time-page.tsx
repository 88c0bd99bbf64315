import { useState } from 'react';
import { CapsuleTabs, List } from 'antd-mobile';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { TapRow } from '@/components/tap-row';
import { useGoodsPages } from '../api/list-goods';
import { useSaleAreas } from '../api/list-sale-areas';
import { areaRateLine, priceInArea } from '../components/area-prices';
import { formatPrice } from '../components/price';
import '../catalogue.css';
import { useTranslation } from '@/lib/i18n';

/** Prices by country: the best sellers in each country's currency at the shop's recorded rate, labelled with its date. */
export default function RealTimePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
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
        {area && areas.data && (
          <>
            <CapsuleTabs activeKey={area.code} onChange={setCode}>
              {list.map((a) => (
                <CapsuleTabs.Tab key={a.code} title={`${a.flag} ${a.name}`} />
              ))}
            </CapsuleTabs>
            <div className="real-time-rate">{areaRateLine(t, areas.data, area, lang)}</div>
            <List>
              {items.map((g) => {
                const converted = priceInArea(areas.data, area, g, lang);
                return (
                  <TapRow key={g.id} to={`${paths.goods.details}?id=${g.id}`} extra={converted && <strong>{converted}</strong>} description={formatPrice(g.price, g.currency, lang)}>
                    {g.name}
                  </TapRow>
                );
              })}
            </List>
          </>
        )}
      </ListState>
    </div>
  );
}
