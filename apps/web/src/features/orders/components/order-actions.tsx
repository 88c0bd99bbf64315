import { useState } from 'react';
import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { useNavigate } from '@/lib/router';
import type { OrderSummary } from '@shop/contract/orders';
import { paths } from '@/config/paths';
import { changeThen } from '@/lib/change-then';
import { showToast } from '@/lib/toast';
import { useCancelOrder, useConfirmReceipt, useRemindShipment } from '../api/order-actions';
import { OrderReviewSheet } from './order-review-sheet';
import { useTranslation } from '@/lib/i18n';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

/** The buttons of what the member can do with an order now. */
export function OrderActions({ order }: { order: Pick<OrderSummary, 'id' | 'actions' | 'status' | 'has_after_sale'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const confirm = useConfirmReceipt();
  const remind = useRemindShipment();
  const a = order.actions;
  // The review sheet open when the page was loaded again opens again, its lines with what was written (lib/open-drafts.ts).
  const reviewSheet = `reviewSheet:${order.id}`;
  const sheetLeftOpen = useDraftLeftOpen<boolean>(reviewSheet);
  const [reviewing, setReviewing] = useState(sheetLeftOpen === true && a.can_review);
  useKeepOpenDraft(reviewSheet, reviewing || undefined);
  const ask = (content: string) => confirmDialog({ content, confirmText: t('orders.action.yes'), cancelText: t('orders.action.no') });
  return (
    <div className="order-actions">
      {a.can_cancel && (
        <Button
          className="tap-target"
          size="small"
          shape="rounded"
          onClick={async () => {
            if (!(await ask(t(order.status === 'paid' ? 'orders.action.cancelPaidQuestion' : 'orders.action.cancelQuestion')))) return;
            await changeThen(() => cancel.mutateAsync({ id: order.id }), () => showToast(t(order.status === 'paid' ? 'orders.action.refunding' : 'orders.action.cancelled')));
          }}
        >
          {t('orders.action.cancel')}
        </Button>
      )}
      {a.can_review && (
        <Button className="tap-target" size="small" shape="rounded" onClick={() => setReviewing(true)}>
          {t('afterSales.review.title')}
        </Button>
      )}
      {a.can_review && <OrderReviewSheet orderId={order.id} open={reviewing} onClose={() => setReviewing(false)} />}
      {order.has_after_sale && (
        <Button className="tap-target" size="small" shape="rounded" onClick={() => navigate(`${paths.order.afterSales}?order_id=${order.id}`)}>
          {t('afterSales.app.viewCases')}
        </Button>
      )}
      {a.can_after_sale && (
        <Button className="tap-target" size="small" shape="rounded" onClick={() => navigate(`${paths.order.afterSaleApply}?order_id=${order.id}`)}>
          {t('afterSales.app.entry')}
        </Button>
      )}
      {a.can_track && (
        <Button className="tap-target" size="small" shape="rounded" onClick={() => navigate(`${paths.order.tracking}?id=${order.id}`)}>
          {t('orders.action.track')}
        </Button>
      )}
      {a.can_remind && (
        <Button
          className="tap-target"
          size="small"
          shape="rounded"
          onClick={async () => {
            await changeThen(() => remind.mutateAsync({ id: order.id }), () => showToast(t('orders.action.reminded')));
          }}
        >
          {t('orders.action.remind')}
        </Button>
      )}
      {a.can_confirm && (
        <Button
          className="tap-target"
          size="small"
          shape="rounded"
          color="primary"
          onClick={async () => {
            if (!(await ask(t('orders.action.confirmQuestion')))) return;
            await changeThen(() => confirm.mutateAsync({ id: order.id }), () => showToast(t('orders.action.confirmed')));
          }}
        >
          {t('orders.action.confirm')}
        </Button>
      )}
      {a.can_pay && (
        <Button className="tap-target" size="small" shape="rounded" color="primary" onClick={() => navigate(`${paths.goods.payNext}?order_id=${order.id}`)}>
          {t('orders.action.pay')}
        </Button>
      )}
    </div>
  );
}
