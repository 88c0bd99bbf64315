import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { MediaImage } from '@/components/media-image';
import { PageHeader } from '@/components/page-header';
import { useNavigate } from '@/lib/router';
import { useGroupBuyPages } from '../api/group-buys';
import '../group-buy.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/pintuan/index`: the group buys running now, each with its group price and group size. */
export default function GroupBuyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useGroupBuyPages();
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page group-buy-page">
      <PageHeader title={t('orders.page.groupBuys')} />
      <ListState loading={pages.isPending} error={pages.isError} empty={list.length === 0} emptyText={t('orders.groupBuy.none')} onRetry={() => void pages.refetch()}>
        {list.map((a) => (
          <button key={a.id} type="button" className="group-buy-card" data-activity={a.id} onClick={() => navigate(`${paths.groupBuy.goods}?id=${a.id}`)}>
            <MediaImage src={a.image} alt="" width={88} height={88} sizes="88px" />
            <span className="group-buy-body">
              <span className="group-buy-name">{a.name}</span>
              <span className="group-buy-meta">{a.spec_text}</span>
              <span>
                <span className="group-buy-tag">{t('orders.groupBuy.groupOf', { size: a.group_size })}</span>
              </span>
              <span>
                <Amount value={a.price} currency={a.currency} className="group-buy-price" />
                <Amount value={a.original_price} currency={a.currency} className="group-buy-original" />
              </span>
              <span className="group-buy-meta">{t('orders.groupBuy.left', { count: a.remaining })}</span>
            </span>
          </button>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
