import { Link } from '@/lib/router';
import type { GoodsListItem } from '@shop/contract/catalogue';
import { paths } from '@/config/paths';
import { MediaImage } from '@/components/media-image';
import { Price } from './price';
import { useTranslation } from '@/lib/i18n';

/** One goods in a grid: picture, name, price and how many sold. */
export function GoodsCard({ goods }: { goods: GoodsListItem }) {
  const { t } = useTranslation();
  return (
    <Link className="goods-card" to={`${paths.goods.details}?id=${goods.id}`} data-goods-id={goods.id}>
      <MediaImage className="goods-card-image" src={goods.cover} alt={goods.name} width={375} height={375} sizes="(min-width: 750px) 360px, 50vw" />
      <div className="goods-card-body">
        <div className="goods-card-name">{goods.name}</div>
        <Price value={goods.price} currency={goods.currency} market={goods.market_price} />
        <div className="goods-card-meta">
          {goods.stock > 0 ? t('catalogue.goods.sold', { count: goods.sales }) : <span className="goods-card-soldout">{t('catalogue.goods.soldOut')}</span>}
        </div>
      </div>
    </Link>
  );
}

export function GoodsGrid({ goods }: { goods: GoodsListItem[] }) {
  return (
    <div className="goods-grid">
      {goods.map((g) => (
        <GoodsCard key={g.id} goods={g} />
      ))}
    </div>
  );
}
