import { useState, type ReactNode } from 'react';
import { Button, Dialog, Input, Tabs, TextArea } from 'antd-mobile';
import { SHOP_ORDER_VIEWS, type ShopOrder } from '@shop/contract/user-shop';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { changeThen } from '@/lib/change-then';
import { newIdempotencyKey } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { useAuditOrder, useChangeOrderState, useShopOrders } from '../api/user-shop';
import { ShopOrderCard } from '../components/shop-order-card';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';

type View = (typeof SHOP_ORDER_VIEWS)[number];

/** The orders placed at the owner's shop, by view: audit (approve, or reject with a reason), ship or ready for pickup, complete. */
export default function ShopOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = asked && (SHOP_ORDER_VIEWS as readonly string[]).includes(asked) ? asked : 'all';
  const pages = useShopOrders(view);
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
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
          <ShopOrderCard key={o.id} order={o} who="owner">
            <OwnerActions order={o} />
          </ShopOrderCard>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}

/**
 * A dialog that asks for something before a change: confirming runs `send`, and the dialog closes once
 * it answers true; false keeps it open to correct or cancel (a reason still missing, or a refusal: each said as a toast).
 */
function askFor({ title, content, confirmText, cancelText }: { title: string; content: ReactNode; confirmText: string; cancelText: string }, send: () => Promise<boolean>) {
  const dialog = Dialog.show({
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
  const done = () => setKey(newIdempotencyKey());
  const busy = audit.isPending || change.isPending;
  const approve = async () => {
    if (!(await Dialog.confirm({ content: t('userShop.app.approveAsk'), confirmText: t('userShop.app.yes'), cancelText: t('userShop.app.no') }))) return;
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
  const ship = () => {
    const v = { carrier: '', tracking_number: '' };
    askFor(
      {
        title: t('userShop.app.ship'),
        content: (
          <>
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
        <Button size="small" color="primary" disabled={busy} onClick={ship}>
          {t('userShop.app.ship')}
        </Button>
      )}
      {order.actions.ready_for_pickup && (
        <Button size="small" color="primary" loading={change.isPending} onClick={() => void move('ready_for_pickup')}>
          {t('userShop.app.readyForPickup')}
        </Button>
      )}
      {order.actions.complete && (
        <Button size="small" loading={change.isPending} onClick={() => void move('completed')}>
          {t('userShop.app.complete')}
        </Button>
      )}
    </>
  );
}
