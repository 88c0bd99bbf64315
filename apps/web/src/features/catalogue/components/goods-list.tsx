import { SearchOutline } from 'antd-mobile-icons';
import { ListState, LoadMore } from '@/components/list-states';
import { useGoodsPages, type GoodsFilter } from '../api/list-goods';
import { GoodsGrid } from './goods-card';

/** A paged goods grid with its loading, error and empty states and a "load more" end. */
export function GoodsList({ filter, emptyText }: { filter: GoodsFilter; emptyText?: string }) {
  const q = useGoodsPages(filter);
  const goods = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListState loading={q.isPending} error={q.isError && !q.data} empty={goods.length === 0} emptyText={emptyText} emptyIcon={filter.keyword ? <SearchOutline /> : undefined} onRetry={() => void q.refetch()}>
      <GoodsGrid goods={goods} />
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onLoadMore={() => void q.fetchNextPage()} />
    </ListState>
  );
}
