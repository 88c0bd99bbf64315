import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/router';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';

/** The pay password and, once an authenticator is bound, its code: asked before money leaves the wallet. */
export function SecurityFields<T extends FieldValues>({ control, googleBound }: { control: Control<T, unknown, any>; googleBound: boolean }) {
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
      <button type="button" className="wallet-link" onClick={() => navigate(paths.other.settings)}>
        {t('wallet.action.setPayPassword')}
      </button>
    </div>
  );
}

/** The body's schema with the authenticator's code required once one is bound (the body has it optional). */
export const withStepUp = <S extends z.ZodType<{ google_code?: string | undefined }>>(schema: S, googleBound: boolean) =>
  schema.refine((v) => !googleBound || Boolean(v.google_code), { path: ['google_code'], error: 'account.validation.googleCode' });
