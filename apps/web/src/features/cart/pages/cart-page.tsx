import { useState } from 'react';
import { Button, Image, SwipeAction } from 'antd-mobile';
import { QuantityStepper } from '@/components/quantity-stepper';
import { confirmDialog } from '@/components/dialog';
import { Link, useNavigate } from '@/lib/router';
import { useSignIn } from '@/lib/navigation';
import { CART_LINE_MAX, type CartLine } from '@shop/contract/cart';
import { paths } from '@/config/paths';
import { Amount, formatAmount } from '@/components/amount';
import { CheckBox } from '@/components/check-box';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { mediaUrl } from '@/lib/media-url';
import { useSession } from '@/stores/session';
import { useCart } from '../api/list-cart';
import { useRemoveCartLines, useSelectAllCartLines, useUpdateCartLine } from '../api/cart-changes';
import '../cart.css';
import { useTranslation } from '@/lib/i18n';

function CartLineRow({ line, onRemove }: { line: CartLine; onRemove: (id: number) => void }) {
  const { t } = useTranslation();
  const update = useUpdateCartLine();
  const max = Math.max(1, Math.min(CART_LINE_MAX, line.stock));
  return (
    <SwipeAction rightActions={[{ key: 'delete', text: t('orders.cart.delete'), color: 'danger', onClick: () => onRemove(line.id) }]}>
      <div className={`cart-line ${line.available ? '' : 'cart-line-unavailable'}`} data-line={line.id}>
        <CheckBox
          className="cart-line-check"
          checked={line.selected}
          label={t('orders.cart.select', { name: line.name })}
          onChange={(selected) => update.mutate({ id: line.id, selected })}
        />
        {/* The picture opens the goods' page: a link named by the goods. */}
        <Link to={`${paths.goods.details}?id=${line.goods_id}`} className="cart-line-image-link" aria-label={line.name}>
          <Image src={mediaUrl(line.image)} alt="" width={76} height={76} fit="cover" className="cart-line-image" />
        </Link>
        <div className="cart-line-body">
          <div className="cart-line-name">{line.name}</div>
          {line.spec_text && <div className="cart-line-spec">{line.spec_text}</div>}
          {line.problem && <div className="cart-line-problem">{t(`orders.cart.problem.${line.problem}`, { stock: line.stock })}</div>}
          {line.price_changed && <div className="cart-line-changed">{t('orders.cart.priceChanged', { price: formatAmount(line.added_price, line.currency) })}</div>}
          <div className="cart-line-foot">
            <Amount value={line.price} currency={line.currency} className="cart-line-price" />
            <QuantityStepper
              min={1}
              max={Math.max(max, line.num)}
              value={line.num}
              disabled={line.problem === 'off_sale' || line.problem === 'out_of_stock'}
              label={t('orders.cart.quantity', { name: line.name })}
              onChange={(num) => num !== line.num && update.mutate({ id: line.id, num })}
            />
          </div>
        </div>
        <button type="button" className="cart-line-delete tap-target" onClick={() => onRemove(line.id)} aria-label={t('orders.cart.deleteItem', { name: line.name })}>
          {t('orders.cart.delete')}
        </button>
      </div>
    </SwipeAction>
  );
}

/** The cart tab: lines with steppers, select all, unavailable lines greyed, swipe to delete, total and checkout. */
export default function CartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const { signIn } = useSignIn();
  const cart = useCart();
  const selectAll = useSelectAllCartLines();
  const remove = useRemoveCartLines();
  const [busy, setBusy] = useState(false);
  const data = cart.data;
  // One order holds one currency: goods of several chosen at once cannot be checked out together, and
  // the server's total counts only the first one's, so the bar says so instead of a partial total.
  const chosen = (data?.list ?? []).filter((l) => l.selected && l.available);
  const chosenCurrencies = [...new Set(chosen.map((l) => l.currency))];
  const mixed = chosenCurrencies.length > 1;

  const removeLine = async (id: number) => {
    const ok = await confirmDialog({ content: t('orders.cart.confirmDelete'), confirmText: t('orders.cart.delete'), cancelText: t('orders.action.no') });
    if (ok) remove.mutate({ ids: [id] });
  };
  const checkout = () => {
    if (!data || data.selected_count === 0 || mixed) return;
    setBusy(true);
    // Checkout gets exactly the lines the bar counted: left to itself the server takes every selected
    // line, those that cannot be bought too, and checkout would stop at them.
    navigate(`${paths.goods.checkout}?cart_ids=${chosen.map((l) => l.id).join(',')}`);
  };

  if (!token) {
    return (
      <div className="page cart-page">
        <PageHeader title={t('app.page.cart')} root />
        <div className="cart-empty">
          <p>{t('orders.cart.loginToSee')}</p>
          <Button color="primary" shape="rounded" onClick={() => signIn()}>
            {t('orders.cart.login')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="page cart-page">
      <PageHeader title={t('app.page.cart')} root />
      <ListState loading={cart.isPending} error={cart.isError} empty={false} onRetry={() => void cart.refetch()}>
        {data && data.list.length === 0 && (
          <div className="cart-empty">
            <p>{t('orders.cart.empty')}</p>
            <Button color="primary" shape="rounded" onClick={() => navigate(paths.tabbar.home)}>
              {t('orders.cart.goShopping')}
            </Button>
          </div>
        )}
        {data && data.list.length > 0 && (
          <>
            <div className="cart-lines">
              {data.list.map((line) => (
                <CartLineRow key={line.id} line={line} onRemove={(id) => void removeLine(id)} />
              ))}
            </div>
            {mixed && (
              <div className="cart-mixed" role="status">
                {t('orders.cart.mixedCurrencies', { currencies: chosenCurrencies.join(', ') })}
              </div>
            )}
            <div className="cart-bar">
              <CheckBox checked={data.all_selected} onChange={(selected) => selectAll.mutate({ selected })}>
                {t('orders.cart.selectAll')}
              </CheckBox>
              <div className="cart-bar-total">
                {!mixed && (
                  <>
                    <span className="cart-bar-total-label">{t('orders.cart.total')}</span> <Amount value={data.selected_total} currency={data.currency} className="cart-bar-amount" />
                  </>
                )}
              </div>
              <Button color="primary" shape="rounded" disabled={data.selected_count === 0 || mixed || busy} onClick={checkout}>
                {t('orders.cart.checkout', { count: data.selected_count })}
              </Button>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
