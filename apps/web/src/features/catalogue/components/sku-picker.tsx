import { useMemo, useState } from 'react';
import { Button, Image } from 'antd-mobile';
import { QuantityStepper } from '@/components/quantity-stepper';
import { Sheet } from '@/components/sheet';
import type { GoodsInfo, Sku } from '@shop/contract/catalogue';
import { mediaUrl } from '@/lib/media-url';
import { Price } from './price';
import { skuFor, type CheckoutAction } from './sku';
import { useTranslation } from '@/lib/i18n';

interface SkuPickerProps {
  goods: GoodsInfo;
  visible: boolean;
  /** Which button opened it (both are shown when it was opened from the spec line). */
  action?: CheckoutAction;
  selected: Record<number, number>;
  onSelect: (selected: Record<number, number>) => void;
  onClose: () => void;
  onConfirm: (sku: Sku, quantity: number, action: CheckoutAction) => void;
}

/**
 * Choosing a SKU: one value per spec. A value that leads to no SKU in stock (with the values
 * already chosen for the other specs) cannot be chosen.
 */
export function SkuPicker({ goods, visible, action, selected, onSelect, onClose, onConfirm }: SkuPickerProps) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(1);
  const sku = skuFor(goods, selected);

  const available = useMemo(() => {
    const ok = new Set<string>();
    goods.specs.forEach((spec, i) => {
      for (const value of spec.values) {
        const possible = goods.skus.some(
          (k) => k.stock > 0 && k.spec_value_ids[i] === value.id && goods.specs.every((other, j) => j === i || selected[other.id] === undefined || k.spec_value_ids[j] === selected[other.id]),
        );
        if (possible) ok.add(`${spec.id}:${value.id}`);
      }
    });
    return ok;
  }, [goods, selected]);

  const toggle = (specId: number, valueId: number) => {
    const next = { ...selected };
    if (next[specId] === valueId) delete next[specId];
    else next[specId] = valueId;
    onSelect(next);
    setQuantity(1);
  };

  const confirm = (a: CheckoutAction) => {
    if (sku && sku.stock > 0) onConfirm(sku, quantity, a);
  };
  const onSale = goods.status === 'on_sale';
  const missing = goods.specs.find((s) => selected[s.id] === undefined);

  return (
    <Sheet label={t('catalogue.goods.specs')} visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sku-picker" destroyOnClose={false}>
      <div className="sku-picker-head">
        <Image className="sku-picker-image" src={mediaUrl(sku?.image ?? goods.cover)} alt="" width={88} height={88} fit="cover" />
        <div>
          <Price value={sku?.price ?? goods.price} currency={goods.currency} />
          <div className="sku-picker-stock" data-testid="sku-stock">
            {sku ? (sku.stock > 0 ? t('catalogue.goods.stock', { count: sku.stock }) : t('catalogue.goods.soldOut')) : missing ? t('catalogue.goods.choose', { spec: missing.name }) : ''}
          </div>
          {sku && <div className="sku-picker-chosen">{t('catalogue.goods.chosen', { spec: sku.spec_text })}</div>}
        </div>
      </div>
      {goods.specs.map((spec) => (
        <div key={spec.id} className="sku-spec">
          <div className="sku-spec-name">{spec.name}</div>
          <div className="sku-spec-values" role="radiogroup" aria-label={spec.name}>
            {spec.values.map((v) => {
              const active = selected[spec.id] === v.id;
              const disabled = !active && !available.has(`${spec.id}:${v.id}`);
              return (
                <button
                  key={v.id}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  disabled={disabled}
                  className={`sku-value${active ? ' sku-value-active' : ''}`}
                  onClick={() => toggle(spec.id, v.id)}
                >
                  {v.name}
                </button>
              );
            })}
          </div>
        </div>
      ))}
      <div className="sku-quantity">
        <span>{t('catalogue.goods.quantity')}</span>
        <QuantityStepper label={t('catalogue.goods.quantity')} min={1} max={Math.max(1, sku?.stock ?? 1)} value={quantity} onChange={(v) => setQuantity(v)} disabled={!sku || sku.stock === 0} />
      </div>
      <div className="sku-actions">
        {(action ?? 'cart') === 'cart' && (
          <Button block color="warning" disabled={!onSale || !sku || sku.stock === 0} onClick={() => confirm('cart')}>
            {t('catalogue.goods.addToCart')}
          </Button>
        )}
        {(action ?? 'buy') === 'buy' && (
          <Button block color="primary" disabled={!onSale || !sku || sku.stock === 0} onClick={() => confirm('buy')}>
            {t('catalogue.goods.buyNow')}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
