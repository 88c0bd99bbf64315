import { useMemo } from 'react';
import { Button } from 'antd-mobile';
import { z } from 'zod';
import { payBody } from '@shop/contract/payments';
import { digitsOnly, TextField } from '@/components/form-field';
import { useContractForm, type FieldLabels } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

const secrets = payBody.pick({ pay_password: true, google_code: true }).required({ pay_password: true });
type Secrets = z.output<typeof secrets>;
const LABELS: FieldLabels<z.input<typeof secrets>> = [
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
];

/** The pay password and, once an authenticator is bound, its code: asked before the wallet's value pays (the pay page) or is spent at checkout (points). */
export function PayPasswordForm({ googleBound, submitText, busy, onSubmit }: { googleBound: boolean; submitText: string; busy: boolean; onSubmit: (values: Secrets) => Promise<unknown> }) {
  const { t } = useTranslation();
  const schema = useMemo(() => secrets.refine((v) => !googleBound || Boolean(v.google_code), { path: ['google_code'], error: 'account.validation.googleCode' }), [googleBound]);
  const form = useContractForm(schema, { defaultValues: { pay_password: '' }, labels: LABELS });
  const submit = form.submit(onSubmit);
  return (
    <FieldList layout="vertical" className="pay-section">
      <TextField control={form.control} name="pay_password" label={t('wallet.field.payPassword')} type="password" inputMode="numeric" maxLength={6} keep={digitsOnly} autoComplete="off" placeholder={t('wallet.placeholder.payPassword')} />
      {googleBound && <TextField control={form.control} name="google_code" label={t('account.field.googleCode')} inputMode="numeric" maxLength={6} keep={digitsOnly} autoComplete="one-time-code" placeholder={t('account.placeholder.googleCode')} />}
      <Button block color="primary" shape="rounded" loading={busy} onClick={() => void submit()}>
        {submitText}
      </Button>
    </FieldList>
  );
}
