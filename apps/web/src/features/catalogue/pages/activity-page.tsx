import { useEffect, useRef, useState } from 'react';
import { CapsuleTabs, SearchBar, Tag } from 'antd-mobile';
import { useSearchParams } from '@/lib/router';
import { GOODS_SHELVES, GOODS_SORTS, type GoodsShelf } from '@shop/contract/catalogue';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/stores/session';
import { useGoodsShelves } from '../api/list-goods-shelves';
import { useHomeCategories } from '../api/get-home-categories';
import { useCategoryTree } from '../api/list-category-tree';
import { useClearSearchLog } from '../api/clear-search-log';
import { useSearchLog } from '../api/list-search-log';
import { GoodsList } from '../components/goods-list';
import '../catalogue.css';
import { useTranslation } from '@/lib/i18n';

type Sort = (typeof GOODS_SORTS)[number];

/**
 * The activity tab: goods by shelf (hot, new, recommended) and by category, sorted, and search
 * (`?keyword=`), with the member's recent searches.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const shelf = (GOODS_SHELVES as readonly string[]).includes(params.get('shelf') ?? '') ? (params.get('shelf') as GoodsShelf) : undefined;
  const cateId = Number(params.get('cate_id')) || undefined;
  const sort = ((GOODS_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? params.get('sort') : 'default') as Sort;
  const searching = params.get('search') === '1' || Boolean(keyword);
  const [draft, setDraft] = useState(keyword);
  const shelves = useGoodsShelves();
  const categories = useHomeCategories();
  const tree = useCategoryTree();
  // A subcategory picked on the all-categories page: its parent's chip is the current one, and the
  // parent's subcategories show in a second row with the picked one marked.
  const parent = cateId ? (tree.data?.list ?? []).find((top) => top.id === cateId || top.children.some((c) => c.id === cateId)) : undefined;
  const activeChip = parent?.id ?? cateId ?? 0;
  // The page is named by what it shows: a search, a category, else the shop's goods.
  const picked = cateId ? (parent?.id === cateId ? parent : parent?.children.find((c) => c.id === cateId)) : undefined;
  const title = searching ? t('catalogue.page.search') : (picked?.name ?? t('app.page.activity'));
  // The chosen chip is scrolled into sight: one at the row's right end is never cut off.
  const chips = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Only the row scrolls, sideways: the page keeps its place (a member coming back from a goods page).
    const row = chips.current;
    const active = row?.querySelector<HTMLElement>('.category-chip-active');
    if (!row || !active) return;
    const r = row.getBoundingClientRect();
    const a = active.getBoundingClientRect();
    const pad = 12;
    if (a.right + pad > r.right) row.scrollLeft += a.right + pad - r.right;
    else if (a.left - pad < r.left) row.scrollLeft -= r.left - (a.left - pad);
  }, [activeChip, categories.data]);
  const token = useSession((s) => s.token);
  const log = useSearchLog();
  const clearLog = useClearSearchLog();

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const search = (value: string) => {
    const word = value.trim();
    setDraft(word);
    update({ keyword: word || undefined, search: '1', shelf: undefined, cate_id: undefined });
  };

  return (
    <div className="page activity-page">
      <PageHeader title={title} root />
      <div className="activity-search">
        <SearchBar
          placeholder={t('catalogue.search.placeholder')}
          value={draft}
          onChange={setDraft}
          onSearch={search}
          onClear={() => search('')}
          autoFocus={params.get('search') === '1' && !keyword}
          showCancelButton={() => searching}
          cancelText={t('catalogue.search.cancel')}
          onCancel={() => {
            setDraft('');
            update({ keyword: undefined, search: undefined });
          }}
        />
      </div>
      {searching && !keyword ? (
        <div className="search-log">
          {token && (log.data?.list.length ?? 0) > 0 ? (
            <>
              <div className="section-head">
                <h2>{t('catalogue.search.recent')}</h2>
                <button type="button" className="section-more tap-target" onClick={() => clearLog.mutate()}>
                  {t('catalogue.search.clear')}
                </button>
              </div>
              <div className="search-log-tags">
                {log.data!.list.map((r) => (
                  <Tag key={r.keyword} round className="search-log-tag" onClick={() => search(r.keyword)}>
                    {r.keyword}
                  </Tag>
                ))}
              </div>
            </>
          ) : (
            <div className="search-hint">{t('catalogue.search.hint')}</div>
          )}
        </div>
      ) : (
        <>
          {!keyword && (
            <>
              <CapsuleTabs activeKey={shelf ?? 'all'} onChange={(k) => update({ shelf: k === 'all' ? undefined : k })}>
                <CapsuleTabs.Tab key="all" title={t('catalogue.allGoods')} />
                {(shelves.data?.list ?? []).map((s) => (
                  <CapsuleTabs.Tab key={s.key} title={s.name} />
                ))}
              </CapsuleTabs>
              <div ref={chips} className="category-chips" role="tablist" aria-label={t('catalogue.categories')}>
                {[{ id: 0, name: t('catalogue.allCategories') }, ...(categories.data?.list ?? [])].map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    role="tab"
                    aria-selected={activeChip === c.id}
                    className={`category-chip${activeChip === c.id ? ' category-chip-active' : ''}`}
                    onClick={() => update({ cate_id: c.id ? String(c.id) : undefined })}
                  >
                    {c.name}
                  </button>
                ))}
              </div>
              {parent && parent.children.length > 0 && (
                <div className="category-chips category-chips-sub" role="tablist" aria-label={parent.name}>
                  {parent.children.map((c) => (
                    <button
                      key={c.id}
                      type="button"
                      role="tab"
                      aria-selected={cateId === c.id}
                      className={`category-chip${cateId === c.id ? ' category-chip-active' : ''}`}
                      onClick={() => update({ cate_id: String(c.id) })}
                    >
                      {c.name}
                    </button>
                  ))}
                </div>
              )}
            </>
          )}
          {keyword && <div className="search-result-title">{t('catalogue.search.results', { keyword })}</div>}
          <div className="sort-bar" role="tablist">
            {(['default', 'sales', 'new', 'price_asc', 'price_desc'] as Sort[]).map((s) => (
              <button key={s} type="button" role="tab" aria-selected={sort === s} className={`sort-item${sort === s ? ' sort-item-active' : ''}`} onClick={() => update({ sort: s === 'default' ? undefined : s })}>
                {t(`catalogue.sort.${s}`)}
              </button>
            ))}
          </div>
          <GoodsList filter={{ keyword: keyword || undefined, shelf, cate_id: cateId, sort, limit: 20 }} emptyText={keyword ? t('catalogue.search.none', { keyword }) : undefined} />
        </>
      )}
    </div>
  );
}
