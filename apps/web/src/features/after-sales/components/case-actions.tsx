import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import type { AfterSaleCase } from '@shop/contract/after-sales';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { useCancelCase, useConfirmReplacement } from '../api/after-sales';
import { useTranslation } from '@/lib/i18n';

/** What the member can do with a case now: withdraw, send the goods back, confirm the replacement, send a rejected case again. */
export function CaseActions({ c, detailed }: { c: Pick<AfterSaleCase, 'id' | 'actions'>; detailed?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelCase();
  const receipt = useConfirmReplacement();
  const ask = (content: string) => confirmDialog({ content, confirmText: t('orders.action.yes'), cancelText: t('orders.action.no') });
  const a = c.actions;
  return (
    <div className="as-actions">
      {a.can_cancel && (
        <Button size="small" shape="rounded" loading={cancel.isPending} onClick={async () => {
          if (!(await ask(t('afterSales.app.cancelQuestion')))) return;
          await cancel.mutateAsync({ case_id: c.id }).then(() => showToast(t('afterSales.app.cancelled')), () => {});
        }}>
          {t('afterSales.app.cancel')}
        </Button>
      )}
      {a.can_ship_back && !detailed && (
        <Button size="small" shape="rounded" color="primary" onClick={() => navigate(`${paths.order.afterSaleDetails}?id=${c.id}`)}>
          {t('afterSales.app.shipBack')}
        </Button>
      )}
      {a.can_confirm_receipt && (
        <Button size="small" shape="rounded" color="primary" loading={receipt.isPending} onClick={async () => {
          if (!(await ask(t('afterSales.app.receiptQuestion')))) return;
          await receipt.mutateAsync({ case_id: c.id }).then(() => showToast(t('afterSales.app.completed')), () => {});
        }}>
          {t('afterSales.app.receipt')}
        </Button>
      )}
      {a.can_resubmit && (
        // The form filled with the rejected case's reason, words and evidence, to change before sending.
        <Button size="small" shape="rounded" onClick={() => navigate(`${paths.order.afterSaleApply}?case_id=${c.id}`)}>
          {t('afterSales.app.resubmit')}
        </Button>
      )}
      {!detailed && (
        <Button size="small" shape="rounded" onClick={() => navigate(`${paths.order.afterSaleDetails}?id=${c.id}`)}>
          {t('afterSales.app.details')}
        </Button>
      )}
    </div>
  );
}
