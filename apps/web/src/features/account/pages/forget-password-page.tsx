import '../account.css';
import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/contract';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { captchaNeeded } from '../api/captcha';
import { resetPassword } from '../api/reset-forgotten-password';
import { sendCodeForUserName } from '../api/send-code';
import { CodeButton } from '../components/code-button';
import { useCaptchaPass } from '../captcha-pass';
import { fail, requireFilled } from '../form-check';

/** A forgotten password: a code to the account's e-mail, then a new password twice (and the authenticator's code when one is bound). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useCaptchaPass((s) => s.draft);
  const [values, setValues] = useState({ account: draft.account ?? '', code: '', password: '', password_confirm: '', google_code: '' });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));

  const sendCode = async () => {
    if (!values.account.trim()) return Promise.reject(fail('account.form.accountFirst'));
    const token = useCaptchaPass.getState().take();
    if (!token && (await captchaNeeded(values.account.trim()))) {
      useCaptchaPass.getState().keepDraft({ account: values.account.trim() });
      navigate(`${paths.other.humanCheck}?redirect=${encodeURIComponent(paths.login.forgotPassword)}`);
      return Promise.reject(new Error('captcha'));
    }
    const sent = await sendCodeForUserName(values.account.trim(), token || undefined);
    // The answer is the same whether or not the account exists, and so is what we say.
    showToast(t('account.codeButton.sentIfExists'));
    return sent;
  };

  const submit = async () => {
    const fields: Array<[string, string]> = [['account', 'account.field.account'], ['code', 'account.field.code'], ['password', 'account.field.newPassword'], ['password_confirm', 'account.field.confirmPassword']];
    if (!requireFilled(values, fields)) return;
    if (values.password.length < PASSWORD_MIN_LENGTH || values.password.length > PASSWORD_MAX_LENGTH) return fail('account.validation.password');
    if (values.password !== values.password_confirm) return fail('account.form.passwordMismatch');
    setBusy(true);
    try {
      // The authenticator's code goes only when typed: it is asked for by accounts that have one bound.
      const { google_code, ...rest } = values;
      await resetPassword({ ...rest, account: values.account.trim(), ...(google_code ? { google_code } : {}) });
      useCaptchaPass.getState().keepDraft({ account: values.account.trim() });
      showToast(t('account.password.resetDone'));
      navigate(paths.login.login, { replace: true });
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.forgetPassword')} />
      <Form layout="horizontal" className="account-form">
        <Form.Item label={t('account.field.account')}>
          <Input name="account" placeholder={t('account.placeholder.userName')} value={values.account} onChange={set('account')} />
        </Form.Item>
        <Form.Item label={t('account.field.code')} extra={<CodeButton send={sendCode} />}>
          <Input name="code" inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.code')} value={values.code} onChange={set('code')} />
        </Form.Item>
        <Form.Item label={t('account.field.newPassword')}>
          <Input name="password" type="password" autoComplete="new-password" placeholder={t('account.placeholder.newPassword')} value={values.password} onChange={set('password')} />
        </Form.Item>
        <Form.Item label={t('account.field.confirmPassword')}>
          <Input name="password_confirm" type="password" autoComplete="new-password" placeholder={t('account.placeholder.confirmPassword')} value={values.password_confirm} onChange={set('password_confirm')} />
        </Form.Item>
        {/* Always shown, so the page never tells a stranger whether an account has an authenticator. */}
        <Form.Item label={t('account.field.googleCode')}>
          <Input name="google_code" inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.googleCodeIfBound')} value={values.google_code} onChange={(v) => set('google_code')(v.replace(/\D/g, ''))} />
        </Form.Item>
      </Form>
      <div className="account-actions">
        <Button block color="primary" size="large" loading={busy} onClick={submit}>
          {t('account.action.resetPassword')}
        </Button>
      </div>
    </div>
  );
}
