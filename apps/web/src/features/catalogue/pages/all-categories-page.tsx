import { useState } from 'react';
import { Image, SideBar } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { mediaUrl } from '@/lib/media-url';
import { useCategoryTree } from '../api/list-category-tree';
import { GoodsList } from '../components/goods-list';
import '../catalogue.css';
import { useTranslation } from '@/lib/i18n';

/** Everything in the shop by category: top categories on the left, their sub-categories and goods on the right. */
export default function AllCategoriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useCategoryTree();
  const [active, setActive] = useState<number>();
  const list = tree.data?.list ?? [];
  const current = list.find((c) => c.id === active) ?? list[0];
  return (
    <div className="page all-categories-page">
      <PageHeader title={t('catalogue.allCategories')} />
      <ListState loading={tree.isPending} error={tree.isError} empty={list.length === 0} onRetry={() => void tree.refetch()}>
        <div className="categories-layout">
          <SideBar activeKey={String(current?.id ?? '')} onChange={(k) => setActive(Number(k))} className="categories-side">
            {list.map((c) => (
              <SideBar.Item key={String(c.id)} title={c.name} />
            ))}
          </SideBar>
          {current && (
            <div className="categories-main">
              {current.children.length > 0 && (
                <div className="sub-categories">
                  {current.children.map((c) => (
                    <button key={c.id} type="button" className="sub-category" onClick={() => navigate(`${paths.tabbar.activity}?cate_id=${c.id}`)}>
                      <Image src={mediaUrl(c.icon)} width={48} height={48} alt="" />
                      <span>{c.name}</span>
                    </button>
                  ))}
                </div>
              )}
              <GoodsList key={current.id} filter={{ cate_id: current.id, limit: 20 }} />
            </div>
          )}
        </div>
      </ListState>
    </div>
  );
}
