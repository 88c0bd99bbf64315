import { useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, Form, Tabs } from 'antd-mobile';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from 'react-i18next';
import { GIFT_CARD_STATUSES, giveGiftCardBody } from '@shop/contract/wallet';
import { formatAmount } from '@/components/amount';
import { TextField } from '@/components/form-field';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useContractForm, type FieldLabels } from '@/lib/form';
import { newIdempotencyKey } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { useGiftCardPages, useGiveGiftCards } from '../api/gift-cards';
import { useMemberSecurity } from '../api/get-member';
import { SecurityFields, withStepUp } from '../components/security-fields';
import '../wallet.css';

const LABELS = [
  ['card_ids', 'wallet.giftCard.chosen'],
  ['account', 'wallet.field.receiver'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, unknown>>;

type Status = (typeof GIFT_CARD_STATUSES)[number];

/** `pages/my/presentList`: the member's gift cards (masked code, value, remaining, state, expiry); active ones can be given to another member. */
export default function GiftCardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status: Status = (GIFT_CARD_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : 'active';
  const pages = useGiftCardPages(status);
  const cards = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const { googleBound } = useMemberSecurity();
  const schema = useMemo(() => withStepUp(giveGiftCardBody, googleBound), [googleBound]);
  const form = useContractForm(schema, { defaultValues: { account: '', pay_password: '' }, labels: LABELS });
  const [chosen, setChosen] = useState<number[]>([]);
  const [key, setKey] = useState(newIdempotencyKey);
  const give = useGiveGiftCards(key);

  const choose = (ids: number[]) => {
    setChosen(ids);
    form.setValue('card_ids', ids.length ? ids : undefined);
  };

  const submit = form.submit(async (body) => {
    const yes = await Dialog.confirm({
      content: t('wallet.giftCard.confirm', { count: body.card_ids?.length ?? 0, account: body.account }),
      confirmText: t('wallet.action.confirm'),
      cancelText: t('wallet.action.cancel'),
    });
    if (!yes) return;
    const done = await give.mutateAsync(body);
    showToast(t('wallet.giftCard.given', { count: done.given }));
    choose([]);
    form.reset({ account: '', pay_password: '' });
    // The next gift is another action: a new key.
    setKey(newIdempotencyKey());
  });

  return (
    <div className="page wallet-page">
      <PageHeader title={t('app.page.giftCards')} />
      <Tabs activeKey={status} onChange={(k) => { choose([]); setParams({ status: k }, { replace: true }); }}>
        {GIFT_CARD_STATUSES.map((s) => (
          <Tabs.Tab key={s} title={t(`wallet.giftCard.status.${s}`)} />
        ))}
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={cards.length === 0} emptyText={t('wallet.giftCard.none')} onRetry={() => void pages.refetch()}>
        <Checkbox.Group value={chosen} onChange={(v) => choose(v as number[])}>
          {cards.map((c) => (
            <article key={c.id} className="wallet-record" data-gift-card={c.id}>
              <div className="wallet-row">
                {status === 'active' ? <Checkbox value={c.id} aria-label={t('wallet.giftCard.choose', { code: c.code_masked })}>{c.code_masked}</Checkbox> : <span>{c.code_masked}</span>}
                <strong>{formatAmount(c.value, c.currency)}</strong>
              </div>
              <div className="wallet-row wallet-muted">
                <span>{t('wallet.giftCard.remaining', { amount: formatAmount(c.remaining, c.currency) })}</span>
                <span>{t('wallet.giftCard.expires', { date: formatDate(c.expires_at, { dateOnly: true }) })}</span>
              </div>
              {c.received_from && <div className="wallet-muted">{t('wallet.giftCard.from', { name: c.received_from })}</div>}
            </article>
          ))}
        </Checkbox.Group>
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
      {status === 'active' && cards.length > 0 && (
        <section className="wallet-section" aria-label={t('wallet.giftCard.give')}>
          <div className="wallet-section-title">{t('wallet.giftCard.giveCount', { count: chosen.length })}</div>
          <Form layout="vertical" className="wallet-form">
            <TextField control={form.control} name="account" label={t('wallet.field.receiver')} placeholder={t('wallet.placeholder.receiver')} autoComplete="off" />
            <SecurityFields control={form.control} googleBound={googleBound} />
          </Form>
          <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
            {t('wallet.giftCard.give')}
          </Button>
        </section>
      )}
    </div>
  );
}
