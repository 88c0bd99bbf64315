import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import type { Control, FieldValues, Path } from '@/lib/form';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { useTranslation } from '@/lib/i18n';

/** The pay password and, once an authenticator is bound, its code: asked before money leaves the wallet. */
export function SecurityFields<T extends FieldValues>({ control, googleBound }: { control: Control<T>; googleBound: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField control={control} name={'pay_password' as Path<T>} label={t('wallet.field.payPassword')} type="password" inputMode="numeric" maxLength={6} keep={digitsOnly} autoComplete="off" placeholder={t('wallet.placeholder.payPassword')} />
      {googleBound && <TextField control={control} name={'google_code' as Path<T>} label={t('account.field.googleCode')} inputMode="numeric" maxLength={6} keep={digitsOnly} autoComplete="one-time-code" placeholder={t('account.placeholder.googleCode')} />}
    </>
  );
}

/** Said above a money form when the member has no pay password yet, with the way to set one. */
export function PayPasswordNotice({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (hasPayPassword) return null;
  return (
    <div className="wallet-notice" role="note">
      {t('wallet.code.payPasswordNotSet')}{' '}
      <button type="button" className="wallet-link" onClick={() => navigate(`${paths.other.settings}?section=payPassword`)}>
        {t('wallet.action.setPayPassword')}
      </button>
    </div>
  );
}

/** The body's schema with the authenticator's code required once one is bound (the body has it optional). */
export const withStepUp = <S extends z.ZodType<{ google_code?: string | undefined }>>(schema: S, googleBound: boolean) =>
  schema.refine((v) => !googleBound || Boolean(v.google_code), { path: ['google_code'], error: 'account.validation.googleCode' });

/**
 * Said instead of a form that moves money to others or out (a transfer, a withdrawal, a bank card)
 * while the member's real name is not verified: before any field, what is needed, the way to do
 * it and how long the review takes. Renders the form (`children`) once the name is approved, or
 * while the member's state is not known yet.
 */
export function RealNameGate({ status, children }: { status: 'none' | 'pending' | 'approved' | 'rejected' | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (status === undefined || status === 'approved') return <>{children}</>;
  return (
    <section className="wallet-gate" role="note" aria-labelledby="real-name-gate-title">
      <h2 id="real-name-gate-title" className="wallet-gate-title">{t('wallet.realNameGate.title')}</h2>
      <p>{t(`wallet.realNameGate.${status}`)}</p>
      <p className="wallet-muted">{t('wallet.realNameGate.ownOrders')}</p>
      {status !== 'pending' && (
        <Button block color="primary" shape="rounded" onClick={() => navigate(`${paths.other.settings}?section=realName`)}>
          {t('wallet.realNameGate.verify')}
        </Button>
      )}
    </section>
  );
}
