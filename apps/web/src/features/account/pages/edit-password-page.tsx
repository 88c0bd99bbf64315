import '../account.css';
import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/contract';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { changeMemberPassword } from '../api/change-password';
import { fail, requireFilled } from '../form-check';

/** Change the login password: the current one, the new one twice, and the authenticator's code once bound. */
export default function EditPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const googleBound = useSession((s) => Boolean(s.user?.google_bound));
  const [values, setValues] = useState({ old_password: '', password: '', password_confirm: '', google_code: '' });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));

  const submit = async () => {
    const fields: Array<[string, string]> = [
      ['old_password', 'account.field.oldPassword'],
      ['password', 'account.field.newPassword'],
      ['password_confirm', 'account.field.confirmPassword'],
      ...(googleBound ? [['google_code', 'account.field.googleCode'] as [string, string]] : []),
    ];
    if (!requireFilled(values, fields)) return;
    if (values.password.length < PASSWORD_MIN_LENGTH || values.password.length > PASSWORD_MAX_LENGTH) return fail('account.validation.password');
    if (values.password !== values.password_confirm) return fail('account.form.passwordMismatch');
    setBusy(true);
    try {
      await changeMemberPassword({ old_password: values.old_password, password: values.password, password_confirm: values.password_confirm, ...(googleBound ? { google_code: values.google_code } : {}) });
      showToast(t('account.password.changed'));
      navigate(paths.login.login, { replace: true });
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.changePassword')} />
      <Form layout="horizontal" className="account-form">
        <Form.Item label={t('account.field.oldPassword')}>
          <Input name="old_password" type="password" autoComplete="current-password" placeholder={t('account.placeholder.oldPassword')} value={values.old_password} onChange={set('old_password')} />
        </Form.Item>
        <Form.Item label={t('account.field.newPassword')}>
          <Input name="password" type="password" autoComplete="new-password" placeholder={t('account.placeholder.newPassword')} value={values.password} onChange={set('password')} />
        </Form.Item>
        <Form.Item label={t('account.field.confirmPassword')}>
          <Input name="password_confirm" type="password" autoComplete="new-password" placeholder={t('account.placeholder.confirmPassword')} value={values.password_confirm} onChange={set('password_confirm')} />
        </Form.Item>
        {googleBound && (
          <Form.Item label={t('account.field.googleCode')}>
            <Input name="google_code" inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.googleCode')} value={values.google_code} onChange={set('google_code')} />
          </Form.Item>
        )}
      </Form>
      <div className="account-actions">
        <Button block color="primary" size="large" loading={busy} onClick={submit}>
          {t('account.action.save')}
        </Button>
      </div>
    </div>
  );
}
