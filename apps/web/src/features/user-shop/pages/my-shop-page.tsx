import { Badge, Button, List } from 'antd-mobile';
import type { Shop } from '@shop/contract/user-shop';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { TapRow } from '@/components/tap-row';
import { SaveImageAction } from '@/components/shell/save-image-action';
import { copyText, ShareAction } from '@/components/shell/share-action';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useNavigate } from '@/lib/router';
import { useShop, useShopSettingsPage, useShopTotals } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';

/** The shop's public link as a QR code buyers scan (made by the server, as the invitation page's), to copy, share or save. */
function ShopQr() {
  const { t } = useTranslation();
  const own = useShop();
  const d = own.data;
  // A closed shop's page shows buyers "this shop does not exist": nothing to share.
  if (!d?.qr_code || !d.share_url || d.status === 'closed') return null;
  const url = d.share_url;
  return (
    <section className="shop-section shop-qr" aria-label={t('userShop.app.shareShop')}>
      <div className="shop-title">{t('userShop.app.shareShop')}</div>
      <img className="shop-qr-image" src={d.qr_code} alt={t('userShop.app.qr')} width={180} height={180} />
      <div className="shop-qr-link">{url}</div>
      <div className="shop-actions">
        <Button size="small" fill="outline" onClick={() => void copyText(url, t('userShop.app.copied'))}>
          {t('userShop.app.copyLink')}
        </Button>
        <ShareAction size="small" color="primary" content={{ title: d.name, url }} />
        <SaveImageAction size="small" src={d.qr_code} name={`shop-${d.id}-qr.png`} />
      </div>
    </section>
  );
}

/**
 * Why a closed or paused shop takes no orders: since when, the platform's reason, and what becomes of
 * its link (a closed shop's is not offered: buyers cannot open it; a paused one's still shows the shop).
 */
function ShopStateNotice({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  if (shop.status === 'open') return null;
  const closed = shop.status === 'closed';
  const title = t(closed ? 'userShop.app.closedTitle' : 'userShop.app.pausedTitle');
  return (
    <section className="shop-section" role="note" aria-label={title}>
      <div className="shop-title shop-status">{title}</div>
      {shop.status_changed_at && <div className="shop-address">{t(closed ? 'userShop.app.closedOn' : 'userShop.app.pausedSince', { date: formatDate(shop.status_changed_at) })}</div>}
      {shop.status_reason && <div className="shop-address">{t('userShop.app.stateReason', { reason: shop.status_reason })}</div>}
      <div className="shop-muted">{t(closed ? 'userShop.app.closedNoShare' : 'userShop.app.pausedShare')}</div>
    </section>
  );
}

/** Money per currency, one line each; none of it: zero in each of the shop's `currencies` (a bare "0" only when it has none). */
function Money({ of, currencies }: { of: Array<{ currency: string; amount: number }>; currencies: string[] }) {
  if (of.length > 0) return of.map((s) => <Amount key={s.currency} value={s.amount} currency={s.currency} />);
  if (currencies.length > 0) return currencies.map((c) => <Amount key={c} value={0} currency={c} />);
  return '0';
}

/** My shop: the totals, the orders awaiting audit (badge), the shop's QR code and the way to each of the owner's pages. */
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
                {/* A closed shop has no public page. */}
                {shop.status !== 'closed' && (
                  <Button size="small" onClick={() => navigate(`${paths.shop.home}?id=${shop.id}`)}>
                    {t('userShop.app.publicPage')}
                  </Button>
                )}
              </div>
            </section>
            <ShopStateNotice shop={shop} />
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
                      <strong><Money of={data.sales_month} currencies={data.currencies} /></strong>
                      <span className="shop-muted">{t('userShop.app.salesMonth')}</span>
                    </div>
                    <div>
                      <strong>{data.goods_on_sale}</strong>
                      <span className="shop-muted">{t('userShop.app.goodsOnSale')}</span>
                    </div>
                    <div>
                      <strong data-earnings><Money of={data.earnings} currencies={data.currencies} /></strong>
                      <span className="shop-muted">{t('userShop.app.earnings')}</span>
                    </div>
                  </div>
                )}
              </ListState>
            </section>
            {shop.status !== 'closed' && <ShopQr />}
            <List className="shop-section">
              <TapRow to={`${paths.shop.orders}?view=awaiting_audit`} extra={data && data.orders_awaiting_audit > 0 ? <Badge content={data.orders_awaiting_audit} /> : undefined}>
                {t('userShop.page.orders')}
              </TapRow>
              <TapRow to={paths.shop.goods}>{t('userShop.page.goods')}</TapRow>
              <TapRow to={paths.shop.slips}>{t('userShop.page.slips')}</TapRow>
              <TapRow to={paths.shop.settings}>{t('userShop.page.settings')}</TapRow>
            </List>
          </>
        )}
      </ListState>
      {page.data?.is_owner && !shop && (
        <div className="shop-actions shop-actions-centred">
          <Button color="primary" onClick={() => navigate(paths.shop.settings)}>
            {t('userShop.app.setUp')}
          </Button>
        </div>
      )}
      {/* Not an owner yet: the way to become one (the applications page, which says what it takes first). */}
      {page.data && !page.data.is_owner && !shop && (
        <div className="shop-actions shop-actions-centred">
          <Button color="primary" onClick={() => navigate(`${paths.team.applications}?kind=shop_owner`)}>
            {t('userShop.app.applyOwner')}
          </Button>
        </div>
      )}
    </div>
  );
}
