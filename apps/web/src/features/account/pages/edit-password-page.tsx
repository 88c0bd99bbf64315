import '../account.css';
import { useMemo } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { resetPasswordBody } from '@shop/contract/account';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm, type FieldLabels } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { changeMemberPassword } from '../api/change-password';
import { useProfile } from '../api/get-profile';
import { samePasswordTwice } from '../form-check';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

const LABELS = [
  ['old_password', 'account.field.oldPassword'],
  ['password', 'account.field.newPassword'],
  ['password_confirm', 'account.field.confirmPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, string>>;

/** Change the login password: the current one, the new one twice, and the authenticator's code once bound. */
export default function EditPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const googleBound = Boolean(useProfile().data?.google_bound);
  // The authenticator's code is required once one is bound (the body has it optional).
  const schema = useMemo(
    () => samePasswordTwice(resetPasswordBody).refine((v) => !googleBound || v.google_code, { path: ['google_code'], error: 'account.validation.googleCode' }),
    [googleBound],
  );
  const form = useContractForm(schema, { defaultValues: { old_password: '', password: '', password_confirm: '' }, labels: LABELS });

  const submit = form.submit(async (body) => {
    await changeMemberPassword(body);
    showToast(t('account.password.changed'));
    navigate(paths.login.login, { replace: true });
  });

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.changePassword')} />
      <FieldList layout="horizontal" className="account-form">
        <TextField control={form.control} name="old_password" label={t('account.field.oldPassword')} type="password" autoComplete="current-password" placeholder={t('account.placeholder.oldPassword')} />
        <TextField control={form.control} name="password" label={t('account.field.newPassword')} type="password" autoComplete="new-password" placeholder={t('account.placeholder.newPassword')} />
        <TextField control={form.control} name="password_confirm" label={t('account.field.confirmPassword')} type="password" autoComplete="new-password" placeholder={t('account.placeholder.confirmPassword')} />
        {googleBound && <TextField control={form.control} name="google_code" label={t('account.field.googleCode')} inputMode="numeric" maxLength={6} keep={digitsOnly} placeholder={t('account.placeholder.googleCode')} />}
      </FieldList>
      <div className="account-actions">
        <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('account.action.save')}
        </Button>
      </div>
    </div>
  );
}
