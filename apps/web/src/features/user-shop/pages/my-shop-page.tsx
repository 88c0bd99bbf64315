import { Badge, Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';
import { useShopSettingsPage, useShopTotals } from '../api/user-shop';
import '../user-shop.css';

/** My shop: the totals, the orders awaiting audit (badge) and the way to each of the owner's pages. */
export default function MyShopPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useShopSettingsPage();
  const shop = page.data?.shop ?? null;
  const totals = useShopTotals();
  const data = totals.data;
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.myShop')} />
      <ListState loading={page.isPending} error={page.isError} failure={page.error} empty={!shop} emptyText={page.data?.is_owner ? t('userShop.app.setUpFirst') : t('userShop.app.notOwner')} onRetry={() => void page.refetch()}>
        {shop && (
          <>
            <section className="shop-section">
              <div className="shop-line">
                {shop.logo && <img className="shop-logo" src={shop.logo} alt="" />}
                <div className="shop-line-body">
                  <div className="shop-title">{shop.name}</div>
                  <div className="shop-muted">{t(`userShop.shopStatus.${shop.status}`)}</div>
                </div>
                <Button size="small" onClick={() => navigate(`${paths.shop.home}?id=${shop.id}`)}>
                  {t('userShop.app.publicPage')}
                </Button>
              </div>
            </section>
            <section className="shop-section" aria-label={t('userShop.app.totals')}>
              <ListState loading={totals.isPending} error={totals.isError} failure={totals.error} empty={false} onRetry={() => void totals.refetch()}>
                {data && (
                  <div className="shop-totals">
                    <div>
                      <strong>{data.orders_awaiting_audit}</strong>
                      <span className="shop-muted">{t('userShop.app.awaitingAudit')}</span>
                    </div>
                    <div>
                      <strong>{data.orders_to_ship}</strong>
                      <span className="shop-muted">{t('userShop.app.toShip')}</span>
                    </div>
                    <div>
                      <strong>{data.stock_units}</strong>
                      <span className="shop-muted">{t('userShop.app.stockUnits')}</span>
                    </div>
                    <div>
                      <strong>{data.sales_month.map((s) => <Amount key={s.currency} value={s.amount} currency={s.currency} />)}{data.sales_month.length === 0 && '0'}</strong>
                      <span className="shop-muted">{t('userShop.app.salesMonth')}</span>
                    </div>
                    <div>
                      <strong>{data.goods_on_sale}</strong>
                      <span className="shop-muted">{t('userShop.app.goodsOnSale')}</span>
                    </div>
                    <div>
                      <strong data-earnings>{data.earnings.map((s) => <Amount key={s.currency} value={s.amount} currency={s.currency} />)}{data.earnings.length === 0 && '0'}</strong>
                      <span className="shop-muted">{t('userShop.app.earnings')}</span>
                    </div>
                  </div>
                )}
              </ListState>
            </section>
            <List className="shop-section">
              <List.Item onClick={() => navigate(`${paths.shop.orders}?view=awaiting_audit`)} extra={data && data.orders_awaiting_audit > 0 ? <Badge content={data.orders_awaiting_audit} /> : undefined}>
                {t('userShop.page.orders')}
              </List.Item>
              <List.Item onClick={() => navigate(paths.shop.goods)}>{t('userShop.page.goods')}</List.Item>
              <List.Item onClick={() => navigate(paths.shop.slips)}>{t('userShop.page.slips')}</List.Item>
              <List.Item onClick={() => navigate(paths.shop.settings)}>{t('userShop.page.settings')}</List.Item>
            </List>
          </>
        )}
      </ListState>
      {page.data?.is_owner && !shop && (
        <div className="shop-actions">
          <Button color="primary" onClick={() => navigate(paths.shop.settings)}>
            {t('userShop.app.setUp')}
          </Button>
        </div>
      )}
    </div>
  );
}
