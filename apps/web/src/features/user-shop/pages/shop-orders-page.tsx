import { useState, type ReactNode } from 'react';
import { Button, Input, Tabs, TextArea } from 'antd-mobile';
import { confirmDialog, showDialog } from '@/components/dialog';
import { Sheet } from '@/components/sheet';
import { SHOP_ORDER_VIEWS, type ShopOrder } from '@shop/contract/user-shop';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { changeThen } from '@/lib/change-then';
import { newIdempotencyKey } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { useAuditOrder, useChangeOrderState, useShopOrderInfo, useShopOrders } from '../api/user-shop';
import { deliveryLines, deliveryText, ShopOrderCard } from '../components/shop-order-card';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';

type View = (typeof SHOP_ORDER_VIEWS)[number];

/**
 * The orders placed at the owner's shop, by view: audit (approve, or reject with a reason), ship or
 * ready for pickup, complete a pickup. Tapping an order opens its details, with where it goes.
 */
export default function ShopOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = asked && (SHOP_ORDER_VIEWS as readonly string[]).includes(asked) ? asked : 'all';
  const pages = useShopOrders(view);
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const [opened, setOpened] = useState(0);
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.orders')} />
      <Tabs activeKey={view} onChange={(k) => navigate(`${paths.shop.orders}?view=${k}`, { replace: true })}>
        {SHOP_ORDER_VIEWS.map((v) => (
          <Tabs.Tab key={v} title={t(`userShop.view.${v}`)} />
        ))}
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={list.length === 0} emptyText={t('userShop.app.noOrders')} onRetry={() => void pages.refetch()}>
        {list.map((o) => (
          <ShopOrderCard key={o.id} order={o} who="owner" onOpen={() => setOpened(o.id)}>
            <OwnerActions order={o} />
          </ShopOrderCard>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
      <Sheet label={t('userShop.app.orderDetails')} visible={opened > 0} onMaskClick={() => setOpened(0)} onClose={() => setOpened(0)} bodyStyle={{ maxHeight: '80vh', overflowY: 'auto' }}>
        {opened > 0 && <OrderDetail id={opened} onClose={() => setOpened(0)} />}
      </Sheet>
    </div>
  );
}

/** An order of the shop in full: where it goes (recipient, phone and address, or pickup), its goods, total, note and shipment. */
function OrderDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useShopOrderInfo(id);
  const o = info.data;
  return (
    <div className="shop-section">
      <ListState loading={info.isPending} error={info.isError} failure={info.error} empty={false} onRetry={() => void info.refetch()}>
        {o && (
          <>
            <div className="shop-head">
              <span>
                {o.buyer_name} · {o.order_no}
              </span>
              <span className="shop-status">{t(`userShop.status.${o.status}`)}</span>
            </div>
            <div className="shop-muted">{deliveryText(t, o.delivery, 'owner')}</div>
            {deliveryLines(t, o.delivery, o.address)}
            {o.lines.map((l) => (
              <div key={l.sku_id} className="shop-line">
                <div className="shop-line-body">
                  {l.name} × {l.num}
                  <div className="shop-muted">{l.spec_text}</div>
                </div>
                <Amount value={l.total} currency={o.currency} />
              </div>
            ))}
            <div className="shop-muted">
              {t('userShop.app.total')} <Amount value={o.total} currency={o.currency} />
            </div>
            {o.remarks && <div className="shop-muted">{o.remarks}</div>}
            {o.tracking_number && (
              <div className="shop-muted">
                {o.carrier} {o.tracking_number}
              </div>
            )}
          </>
        )}
      </ListState>
      <div className="shop-actions">
        <Button size="small" onClick={onClose}>
          {t('userShop.app.close')}
        </Button>
      </div>
    </div>
  );
}

/**
 * A dialog that asks for something before a change: confirming runs `send`, and the dialog closes once
 * it answers true; false keeps it open to correct or cancel (a reason still missing, or a refusal: each said as a toast).
 */
function askFor({ title, content, confirmText, cancelText }: { title: string; content: ReactNode; confirmText: string; cancelText: string }, send: () => Promise<boolean>) {
  const dialog = showDialog({
    title,
    content,
    closeOnAction: false,
    actions: [
      [
        { key: 'cancel', text: cancelText, onClick: () => dialog.close() },
        { key: 'confirm', text: confirmText, bold: true, onClick: async () => {
            if (await send()) dialog.close();
          },
        },
      ],
    ],
  });
}

/** What the owner can do with an order now; each decision is sent with one key, the same on a retry. A refusal is the request client's toast, and ends there. */
function OwnerActions({ order }: { order: ShopOrder }) {
  const { t } = useTranslation();
  const [key, setKey] = useState(newIdempotencyKey);
  const audit = useAuditOrder(key);
  const change = useChangeOrderState(key);
  // Where a shipment goes, read when the Ship dialog opens (the list does not carry the buyer's address).
  const info = useShopOrderInfo(order.id, false);
  const done = () => setKey(newIdempotencyKey());
  const busy = audit.isPending || change.isPending;
  const approve = async () => {
    if (!(await confirmDialog({ content: t('userShop.app.approveAsk'), confirmText: t('userShop.app.yes'), cancelText: t('userShop.app.no') }))) return;
    await changeThen(() => audit.mutateAsync({ id: order.id, decision: 'approve' }).finally(done));
  };
  const reject = () => {
    let reason = '';
    askFor(
      {
        title: t('userShop.app.reject'),
        content: <TextArea placeholder={t('userShop.app.rejectReason')} maxLength={200} onChange={(v) => (reason = v)} aria-label={t('userShop.app.rejectReason')} />,
        confirmText: t('userShop.app.reject'),
        cancelText: t('userShop.app.no'),
      },
      async () => {
        if (!reason.trim()) {
          showToast(t('userShop.app.reasonRequired'));
          return false;
        }
        return changeThen(() => audit.mutateAsync({ id: order.id, decision: 'reject', reason: reason.trim() }).finally(done));
      },
    );
  };
  const ship = async () => {
    const v = { carrier: '', tracking_number: '' };
    const detail = (await info.refetch()).data;
    askFor(
      {
        title: t('userShop.app.ship'),
        content: (
          <>
            {detail && deliveryLines(t, detail.delivery, detail.address)}
            <Input placeholder={t('userShop.field.carrier')} onChange={(x) => (v.carrier = x)} aria-label={t('userShop.field.carrier')} />
            <Input placeholder={t('userShop.field.tracking')} onChange={(x) => (v.tracking_number = x)} aria-label={t('userShop.field.tracking')} />
          </>
        ),
        confirmText: t('userShop.app.ship'),
        cancelText: t('userShop.app.no'),
      },
      () => changeThen(() => change.mutateAsync({ id: order.id, to: 'shipped', carrier: v.carrier.trim(), tracking_number: v.tracking_number.trim() }).finally(done)),
    );
  };
  const move = async (to: 'ready_for_pickup' | 'completed') => {
    await changeThen(() => change.mutateAsync({ id: order.id, to }).finally(done));
  };
  return (
    <>
      {order.actions.audit && (
        <>
          <Button size="small" disabled={busy} onClick={reject}>
            {t('userShop.app.reject')}
          </Button>
          <Button size="small" color="primary" loading={audit.isPending} onClick={() => void approve()}>
            {t('userShop.app.approve')}
          </Button>
        </>
      )}
      {order.actions.ship && (
        <Button size="small" color="primary" disabled={busy} onClick={() => void ship()}>
          {t('userShop.app.ship')}
        </Button>
      )}
      {order.actions.ready_for_pickup && (
        <Button size="small" color="primary" loading={change.isPending} onClick={() => void move('ready_for_pickup')}>
          {t('userShop.app.readyForPickup')}
        </Button>
      )}
      {/* The owner completes a pickup at the hand-over; a shipped order is the buyer's to confirm. */}
      {order.actions.complete && order.delivery === 'pickup' && (
        <Button size="small" loading={change.isPending} onClick={() => void move('completed')}>
          {t('userShop.app.complete')}
        </Button>
      )}
    </>
  );
}
