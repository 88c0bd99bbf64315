import { useState } from 'react';
import { Button, Input, Stepper, Tabs } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { showToast } from '@/lib/toast';
import { toMinorUnits } from '@shop/contract/common';
import { SHOP_AMOUNT_MAX } from '@shop/contract/user-shop';
import { Amount, formatAmount } from '@/components/amount';
import { AmountInput, amountFormatText } from '@/components/amount-field';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { readAmount } from '@/lib/amount-input';
import { changeThen } from '@/lib/change-then';
import { newIdempotencyKey } from '@/lib/request';
import { useRecordSlip, useShop, useShopGoods, useShopGoodsInfo, useSlips } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';

/** Sales slips: in-person sales from the shop's stock (the money collected offline), and a new slip (none at a closed shop). */
export default function ShopSlipsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'list' | 'new'>('list');
  const closed = useShop().data?.status === 'closed';
  const pages = useSlips();
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const sum = pages.data?.pages[0]?.sum ?? [];
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.slips')} />
      {closed ? (
        <div className="shop-section shop-muted">{t('userShop.code.shopClosedSlips')}</div>
      ) : (
        <Tabs activeKey={tab} onChange={(k) => setTab(k as 'list' | 'new')}>
          <Tabs.Tab key="list" title={t('userShop.app.slips')} />
          <Tabs.Tab key="new" title={t('userShop.app.newSlip')} />
        </Tabs>
      )}
      {tab === 'list' || closed ? (
        <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={list.length === 0} emptyText={t('userShop.app.noSlips')} onRetry={() => void pages.refetch()}>
          <div className="shop-section shop-muted">
            {t('userShop.app.collected')} {sum.map((s) => <Amount key={s.currency} value={s.amount} currency={s.currency} />)}
          </div>
          {list.map((s) => (
            <article key={s.id} className="shop-section" data-slip={s.id}>
              <div className="shop-head">
                <span>
                  {s.buyer_name} · {s.no}
                </span>
                <Amount value={s.paid} currency={s.currency} />
              </div>
              {s.lines.map((l) => (
                <div key={l.sku_id} className="shop-line">
                  <div className="shop-line-body">
                    {l.name} × {l.num}
                    <div className="shop-muted">{l.spec_text}</div>
                  </div>
                </div>
              ))}
              <div className="shop-muted">
                {/* No PV: a slip earns none (the owner's restock order earned the PV of these units). */}
                {formatDate(s.created_at)} {s.note && `· ${s.note}`}
              </div>
            </article>
          ))}
          <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
        </ListState>
      ) : (
        <NewSlip onDone={() => setTab('list')} />
      )}
    </div>
  );
}

function NewSlip({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const goods = useShopGoods();
  const offered = goods.data?.pages.flatMap((p) => p.list) ?? [];
  const [shopGoodsId, setShopGoodsId] = useState(0);
  const info = useShopGoodsInfo(shopGoodsId);
  const [skuId, setSkuId] = useState(0);
  const [num, setNum] = useState(1);
  const [buyer, setBuyer] = useState('');
  const [paid, setPaid] = useState('');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const record = useRecordSlip(key);
  const currency = info.data?.currency ?? 'USD';
  const save = async () => {
    if (!skuId) return void showToast(t('userShop.app.pickGoods'));
    if (!buyer.trim()) return void showToast(t('userShop.app.buyerRequired'));
    // Typed in the member's own number format ("25,50" in Hungarian); nothing typed is nothing collected.
    const wire = paid.trim() ? readAmount(paid) : '0';
    if (wire === undefined) return void showToast(amountFormatText());
    let paidMinor: number;
    try {
      paidMinor = toMinorUnits(wire, currency);
    } catch {
      return void showToast(t('userShop.app.amountInvalid'));
    }
    if (paidMinor > SHOP_AMOUNT_MAX) return void showToast(t('userShop.app.amountTooLarge', { field: t('userShop.field.paid'), max: formatAmount(SHOP_AMOUNT_MAX, currency) }));
    await changeThen(
      () => record.mutateAsync({ buyer_name: buyer.trim(), lines: [{ sku_id: skuId, num }], paid: paidMinor, note: note.trim() }).finally(() => setKey(newIdempotencyKey())),
      () => {
        showToast(t('userShop.app.saved'));
        onDone();
      },
    );
  };
  return (
    <ListState loading={goods.isPending} error={goods.isError} failure={goods.error} empty={offered.length === 0} emptyText={t('userShop.app.noGoods')} onRetry={() => void goods.refetch()}>
      <FieldList layout="vertical" className="shop-section">
        <FieldItem label={t('userShop.field.goods')}>
          <ChoiceChips label={t('userShop.field.goods')} columns={1} options={offered.map((g) => ({ label: `${g.name} (${t('userShop.app.stock')} ${g.stock})`, value: g.id }))} value={shopGoodsId || undefined} onChange={(id) => { setShopGoodsId(id); setSkuId(0); }} />
        </FieldItem>
        {info.data && (
          <FieldItem label={t('userShop.field.sku')}>
            <ChoiceChips label={t('userShop.field.sku')} columns={1} options={info.data.skus.map((s) => ({ label: `${s.spec_text || info.data!.name} (${t('userShop.app.stock')} ${s.stock})`, value: s.sku_id, disabled: s.stock === 0 }))} value={skuId || undefined} onChange={setSkuId} />
          </FieldItem>
        )}
        <FieldItem label={t('userShop.field.num')}>
          <Stepper min={1} max={999} value={num} onChange={setNum} />
        </FieldItem>
        <FieldItem label={t('userShop.field.buyer')}>
          <Input value={buyer} maxLength={50} onChange={setBuyer} aria-label={t('userShop.field.buyer')} />
        </FieldItem>
        <FieldItem label={`${t('userShop.field.paid')} (${currency})`}>
          <AmountInput value={paid} onChange={setPaid} aria-label={t('userShop.field.paid')} />
        </FieldItem>
        <FieldItem label={t('userShop.field.note')}>
          <Input value={note} maxLength={200} onChange={setNote} aria-label={t('userShop.field.note')} />
        </FieldItem>
      </FieldList>
      <div className="shop-bar">
        <Button block color="primary" loading={record.isPending} onClick={() => void save()}>
          {t('userShop.app.recordSlip')}
        </Button>
      </div>
    </ListState>
  );
}
