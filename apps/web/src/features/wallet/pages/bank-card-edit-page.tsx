import { useEffect, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { useCountryCodes } from '@/components/country-code-picker';
import { useNavigate, useSearchParams } from '@/lib/router';
import { BANK_TYPES, createBankCardBody } from '@shop/contract/wallet';
import { paths } from '@/config/paths';
import { TextField } from '@/components/form-field';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { useAddBankCard, useBankBranches, useBankCard, useBanks, useUpdateBankCard } from '../api/bank-cards';
import { useWalletAssets } from '../api/get-assets';
import { useMemberSecurity } from '../api/get-member';
import { CurrencyField } from '../components/currency-field';
import { PayPasswordNotice, RealNameGate, SecurityFields, withStepUp } from '../components/security-fields';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, type FieldLabels } from '@/lib/form';
import { useKeepFormDraft } from '@/lib/open-drafts';

/** The countries whose banks the shop lists (see the wallet's decision record). */
const COUNTRIES = ['MY', 'CN', 'TW', 'TH', 'ID', 'JP', 'KH'] as const;

const LABELS = [
  ['bank_id', 'wallet.field.bank', 'choose'],
  ['branch_id', 'wallet.field.branch', 'choose'],
  ['holder_name', 'wallet.field.holderName'],
  ['account_number', 'wallet.field.accountNumber'],
  ['currency', 'wallet.field.currency', 'choose'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** `pages/my/bankCardEdit` (`?id=` to edit one): adds or changes a bank card: country, bank or e-wallet (and branch), holder in the approved real name, account number, currency. */
export default function BankCardEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { googleBound, hasPayPassword, realNameStatus } = useMemberSecurity();
  const [params] = useSearchParams();
  const editId = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : undefined;
  const existing = useBankCard(editId);
  const [country, setCountry] = useState<string>('MY');
  const [type, setType] = useState<(typeof BANK_TYPES)[number]>('bank');
  const banks = useBanks(country, type);
  // Editing sends the card's id with the same fields as adding (the update body is the create body and `id`).
  const schema = useMemo(() => withStepUp(createBankCardBody, googleBound), [googleBound]);
  const form = useContractForm(schema, { defaultValues: { holder_name: '', account_number: '', currency: '', pay_password: '' }, labels: LABELS });
  const { setValue, getValues } = form;
  // What was typed and chosen comes back after a reload (the new version's, the browser's); never the pay password or a code.
  useKeepFormDraft(`bankCard:${editId ?? 'new'}`, { ...form.control.values, country, type }, ['country', 'type', 'bank_id', 'branch_id', 'holder_name', 'account_number', 'currency'], ({ country: kept, type: kind, ...typed }) => {
    if (kept) setCountry(kept);
    if (kind) setType(kind);
    form.reset({ ...getValues(), ...typed });
  });
  const bankId = form.watch('bank_id');
  const bank = banks.data?.list.find((b) => b.id === Number(bankId));
  const branches = useBankBranches(bank?.has_branches ? bank.id : undefined);
  const assets = useWalletAssets().data;
  const walletCurrencies = useMemo(() => assets?.cash.map((b) => b.currency) ?? [], [assets]);
  // A card is held in its bank country's currency (first) or in one of the wallet's.
  const localCurrency = bank?.currency ?? undefined;
  const currencies = useMemo(() => (localCurrency && !walletCurrencies.includes(localCurrency) ? [localCurrency, ...walletCurrencies] : walletCurrencies), [localCurrency, walletCurrencies]);
  const chosenCurrency = form.watch('currency');
  const add = useAddBankCard();
  const update = useUpdateBankCard();
  // Countries named in the member's language by the shop's own list (a browser may not know Khmer or Malay names).
  const countries = useCountryCodes().data;
  const countryName = (code: string) => countries?.find((c) => c.code === code)?.name ?? code;

  // Another country or kind: the bank chosen before is not one of its list.
  const chooseList = (nextCountry: string, nextType: (typeof BANK_TYPES)[number]) => {
    setCountry(nextCountry);
    setType(nextType);
    setValue('bank_id', undefined as never);
    setValue('branch_id', undefined);
  };
  // The card being edited fills the form once (the account number is typed again).
  const card = existing.data;
  useEffect(() => {
    if (!card) return;
    setCountry(card.country_code);
    setValue('bank_id', card.bank_id);
    setValue('branch_id', card.branch_id ?? undefined);
    setValue('holder_name', card.holder_name);
    setValue('currency', card.currency);
  }, [card, setValue]);
  // An e-wallet being edited is found in the e-wallet list.
  useEffect(() => {
    if (card && banks.data && type === 'bank' && !banks.data.list.some((b) => b.id === card.bank_id)) setType('ewallet');
  }, [card, banks.data, type]);
  useEffect(() => {
    if (!getValues('currency') && currencies[0]) setValue('currency', currencies[0]);
  }, [currencies, getValues, setValue]);
  // A bank chosen for a new card starts in its country's currency; a currency no longer offered is dropped.
  useEffect(() => {
    if (localCurrency && !card) setValue('currency', localCurrency);
  }, [localCurrency, card, setValue]);
  useEffect(() => {
    const current = getValues('currency');
    if (current && currencies.length && !currencies.includes(current) && !(card && card.currency === current)) setValue('currency', currencies[0]!);
  }, [currencies, card, getValues, setValue]);

  const submit = form.submit(async (body) => {
    if (editId) await update.mutateAsync({ ...body, id: editId });
    else await add.mutateAsync(body);
    showToast(t(editId ? 'wallet.bankCard.updated' : 'wallet.bankCard.added'));
    navigate(paths.wallet.bankCards, { replace: true });
  });

  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.bankCardEdit')} />
      {editId && existing.isError && <ListState loading={false} error failure={existing.error} empty={false} onRetry={() => void existing.refetch()} />}
      <RealNameGate status={realNameStatus}>
        <PayPasswordNotice hasPayPassword={hasPayPassword} />
        <FieldList layout="vertical" className="wallet-form">
          <FieldItem label={t('wallet.field.country')}>
            <ChoiceChips label={t('wallet.field.country')} columns={3} options={COUNTRIES.map((c) => ({ label: countryName(c), value: c }))} value={country} onChange={(c) => chooseList(c, type)} />
          </FieldItem>
          <FieldItem label={t('wallet.field.bankType')}>
            <ChoiceChips label={t('wallet.field.bankType')} columns={2} options={BANK_TYPES.map((k) => ({ label: t(`wallet.bankType.${k}`), value: k }))} value={type} onChange={(k) => chooseList(country, k)} />
          </FieldItem>
          <FieldItem label={t('wallet.field.bank')}>
            <ListState loading={banks.isPending} error={banks.isError} failure={banks.error} empty={(banks.data?.list.length ?? 0) === 0} emptyText={t('wallet.bankCard.noBanks')} onRetry={() => void banks.refetch()}>
              <Controller
                control={form.control}
                name="bank_id"
                render={({ field }) => (
                  <ChoiceChips label={t('wallet.field.bank')} columns={2} options={(banks.data?.list ?? []).map((b) => ({ label: b.name, value: b.id }))} value={field.value ? Number(field.value) : undefined} onChange={field.onChange} />
                )}
              />
            </ListState>
          </FieldItem>
          {bank?.has_branches && (branches.data?.list.length ?? 0) > 0 && (
            <FieldItem label={t('wallet.field.branch')}>
              <Controller
                control={form.control}
                name="branch_id"
                render={({ field }) => (
                  <ChoiceChips label={t('wallet.field.branch')} columns={2} options={(branches.data?.list ?? []).map((b) => ({ label: b.name, value: b.id }))} value={field.value ? Number(field.value) : undefined} onChange={field.onChange} />
                )}
              />
            </FieldItem>
          )}
          <TextField control={form.control} name="holder_name" label={t('wallet.field.holderName')} placeholder={t('wallet.placeholder.holderName')} autoComplete="name" />
          <TextField control={form.control} name="account_number" label={t('wallet.field.accountNumber')} inputMode="numeric" placeholder={t('wallet.placeholder.accountNumber')} autoComplete="off" />
          <CurrencyField control={form.control} name="currency" label={t('wallet.field.currency')} currencies={card && !currencies.includes(card.currency) ? [card.currency, ...currencies] : currencies} />
          {chosenCurrency && !walletCurrencies.includes(chosenCurrency) && walletCurrencies.length > 0 && (
            <div className="wallet-muted wallet-form-note" role="note">
              {t('wallet.bankCard.countryCurrencyNote', { currency: chosenCurrency })}
            </div>
          )}
          <SecurityFields control={form.control} googleBound={googleBound} />
        </FieldList>
        <div className="wallet-form-actions">
          <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
            {t('wallet.bankCard.save')}
          </Button>
        </div>
      </RealNameGate>
    </div>
  );
}
