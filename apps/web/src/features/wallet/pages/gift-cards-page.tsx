import { useMemo, useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { ChoiceChips } from '@/components/choice-chips';
import { useSearchParams } from '@/lib/router';
import type { EndpointData } from '@shop/contract/common';
import { GIFT_CARD_STATUSES, giveGiftCardBody, type listGiftCards } from '@shop/contract/wallet';
import { formatAmount } from '@/components/amount';
import { CheckBox, CheckBoxGroup } from '@/components/check-box';
import { digitsOnly, TextField } from '@/components/form-field';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useContractForm, type FieldLabels } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { useGiftCardPages, useGiveGiftCards } from '../api/gift-cards';
import { useMemberSecurity } from '../api/get-member';
import { useRedeemGiftCard } from '../api/redeem-gift-card';
import { SecurityFields, withStepUp } from '../components/security-fields';
import { useActionKey } from '../use-action-key';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';

// The count is left out of the labels: an empty one is refused with the spec's own words
// ("Gift card count required"), not "Please enter …".
const LABELS = [
  ['card_ids', 'wallet.giftCard.chosen'],
  ['account', 'wallet.field.receiver'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, unknown>>;

type Status = (typeof GIFT_CARD_STATUSES)[number];
type Card = EndpointData<typeof listGiftCards>['list'][number];
/** Give the cards ticked, or a number of the cards of one value. */
type Mode = 'choose' | 'count';
/** Cards of one value and currency, as they are given by count. */
type Kind = { key: string; value: number; currency: string; count: number };

const kindsOf = (cards: Card[]): Kind[] => {
  const kinds = new Map<string, Kind>();
  for (const c of cards) {
    const key = `${c.currency}:${c.remaining}`;
    const kind = kinds.get(key) ?? { key, value: c.remaining, currency: c.currency, count: 0 };
    kind.count += 1;
    kinds.set(key, kind);
  }
  return [...kinds.values()];
};

/**
 * `pages/my/presentList`: the member's gift cards (masked code, value, remaining, state, expiry).
 * A usable card's value can be added to the cash balance; cards can be given to another member,
 * chosen one by one or as a number of cards of one value.
 */
export default function GiftCardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status: Status = (GIFT_CARD_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : 'active';
  const pages = useGiftCardPages(status);
  const cards = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const usable = cards.filter((c) => c.status === 'active');
  const kinds = kindsOf(usable);
  const { googleBound } = useMemberSecurity();
  const schema = useMemo(() => withStepUp(giveGiftCardBody, googleBound), [googleBound]);
  const form = useContractForm(schema, { defaultValues: { account: '', pay_password: '' }, labels: LABELS });
  const [mode, setMode] = useState<Mode>('choose');
  const [chosen, setChosen] = useState<number[]>([]);
  const [kindKey, setKindKey] = useState<string>();
  const kind = kinds.find((k) => k.key === kindKey) ?? kinds[0];
  const { key, answered } = useActionKey();
  const give = useGiveGiftCards(key);
  const redeem = useRedeemGiftCard();

  const choose = (ids: number[]) => {
    setChosen(ids);
    form.setValue('card_ids', ids.length ? ids : undefined);
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    choose([]);
    form.setValue('count', undefined);
  };

  const submit = form.submit(async (body) => {
    const byCount = mode === 'count';
    if (byCount && !kind) return;
    const sent = byCount ? { ...body, card_ids: undefined, value: kind!.value, currency: kind!.currency } : { ...body, count: undefined, value: undefined, currency: undefined };
    const yes = await confirmDialog({
      content: byCount
        ? t('wallet.giftCard.confirmCount', { count: body.count ?? 0, value: formatAmount(kind!.value, kind!.currency), account: body.account })
        : t('wallet.giftCard.confirm', { count: body.card_ids?.length ?? 0, account: body.account }),
      confirmText: t('wallet.action.confirm'),
      cancelText: t('wallet.action.cancel'),
    });
    if (!yes) return;
    const done = await answered(give.mutateAsync(sent));
    showToast(t('wallet.giftCard.given', { count: done.given }));
    choose([]);
    form.reset({ account: '', pay_password: '' });
  });

  const redeemCard = async (card: Card) => {
    const amount = formatAmount(card.remaining, card.currency);
    const yes = await confirmDialog({ content: t('wallet.giftCard.redeemConfirm', { amount, code: card.code_masked }), confirmText: t('wallet.giftCard.redeem'), cancelText: t('wallet.action.cancel') });
    if (!yes) return;
    try {
      const done = await redeem.mutateAsync({ id: card.id });
      choose(chosen.filter((id) => id !== card.id));
      showToast(t('wallet.giftCard.redeemed', { amount: formatAmount(done.amount, done.currency) }));
    } catch {
      // The request client has shown the server's message (used meanwhile, expired).
    }
  };

  return (
    <div className="page wallet-page">
      <PageHeader title={t('app.page.giftCards')} />
      <Tabs activeKey={status} onChange={(k) => { choose([]); setParams({ status: k }, { replace: true }); }}>
        {GIFT_CARD_STATUSES.map((s) => (
          <Tabs.Tab key={s} title={t(`wallet.giftCard.status.${s}`)} />
        ))}
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={cards.length === 0} emptyText={t('wallet.giftCard.none')} onRetry={() => void pages.refetch()}>
        <CheckBoxGroup value={chosen} onChange={(v) => choose(v as number[])}>
          {cards.map((c) => (
            <article key={c.id} className="wallet-record" data-gift-card={c.id}>
              <div className="wallet-row">
                {status === 'active' && mode === 'choose' ? <CheckBox value={c.id} label={t('wallet.giftCard.choose', { code: c.code_masked })}>{c.code_masked}</CheckBox> : <span>{c.code_masked}</span>}
                <strong>{formatAmount(c.value, c.currency)}</strong>
              </div>
              <div className="wallet-row wallet-muted">
                <span>{t('wallet.giftCard.remaining', { amount: formatAmount(c.remaining, c.currency) })}</span>
                <span>{t('wallet.giftCard.expires', { date: formatDate(c.expires_at, { dateOnly: true }) })}</span>
              </div>
              {c.received_from && <div className="wallet-muted">{t('wallet.giftCard.from', { name: c.received_from })}</div>}
              {c.status === 'active' && (
                <div className="wallet-row">
                  <span />
                  <Button size="mini" color="primary" fill="outline" aria-label={t('wallet.giftCard.redeemOne', { code: c.code_masked })} onClick={() => void redeemCard(c)}>
                    {t('wallet.giftCard.redeem')}
                  </Button>
                </div>
              )}
            </article>
          ))}
        </CheckBoxGroup>
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
      {status === 'active' && usable.length > 0 && (
        <section className="wallet-section" aria-label={t('wallet.giftCard.give')}>
          <ChoiceChips<Mode>
            label={t('wallet.giftCard.give')}
            columns={2}
            options={[
              { label: t('wallet.giftCard.mode.choose'), value: 'choose' },
              { label: t('wallet.giftCard.mode.count'), value: 'count' },
            ]}
            value={mode}
            onChange={switchMode}
          />
          {mode === 'choose' && <div className="wallet-section-title">{t('wallet.giftCard.giveCount', { count: chosen.length })}</div>}
          <FieldList layout="vertical" className="wallet-form">
            {mode === 'count' && kind && (
              <>
                <FieldItem label={t('wallet.giftCard.kind')} description={<span className="wallet-muted">{t('wallet.giftCard.countHint')}</span>}>
                  <ChoiceChips
                    label={t('wallet.giftCard.kind')}
                    columns={1}
                    options={kinds.map((k) => ({ label: t('wallet.giftCard.kindOption', { value: formatAmount(k.value, k.currency), count: k.count }), value: k.key }))}
                    value={kind.key}
                    onChange={setKindKey}
                  />
                </FieldItem>
                <TextField control={form.control} name="count" label={t('wallet.giftCard.count')} inputMode="numeric" maxLength={3} keep={digitsOnly} placeholder={t('wallet.placeholder.count')} autoComplete="off" />
              </>
            )}
            <TextField control={form.control} name="account" label={t('wallet.field.receiver')} placeholder={t('wallet.placeholder.receiver')} autoComplete="off" />
            <SecurityFields control={form.control} googleBound={googleBound} />
          </FieldList>
          <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
            {t('wallet.giftCard.give')}
          </Button>
        </section>
      )}
    </div>
  );
}
