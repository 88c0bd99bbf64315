import { useSearchParams } from '@/lib/router';
import { GOODS_SHELVES, type GoodsShelf } from '@shop/contract/catalogue';
import { PageHeader } from '@/components/page-header';
import { useGoodsShelves } from '../api/list-goods-shelves';
import { GoodsList } from '../components/goods-list';
import '../catalogue.css';
import { useTranslation } from '@/lib/i18n';

/** One promotion (`activity/index?shelf=hot`): its banner line and its goods, paged. */
export default function PromotionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const shelf: GoodsShelf = (GOODS_SHELVES as readonly string[]).includes(params.get('shelf') ?? '') ? (params.get('shelf') as GoodsShelf) : 'hot';
  const shelves = useGoodsShelves();
  const name = shelves.data?.list.find((s) => s.key === shelf)?.name ?? '';
  return (
    <div className="page promotion-page">
      <PageHeader title={name || t('app.page.activityDetail')} />
      <div className={`promotion-hero promotion-${shelf}`}>
        <div className="promotion-hero-title">{name}</div>
        <div className="promotion-hero-text">{t(`catalogue.promotion.${shelf}`)}</div>
      </div>
      <GoodsList filter={{ shelf, sort: shelf === 'new' ? 'new' : shelf === 'hot' ? 'sales' : 'default', limit: 20 }} />
    </div>
  );
}
