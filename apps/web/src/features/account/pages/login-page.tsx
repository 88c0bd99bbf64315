import '../account.css';
import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { loginMember } from '../api/login';
import { captchaNeeded } from '../api/captcha';
import { AgreementCheck } from '../components/agreement-check';
import { useCaptchaPass } from '../captcha-pass';
import { fail, requireFilled } from '../form-check';

/** Log in with user name, e-mail or mobile and password; the slider first when the server asks for it. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useCaptchaPass((s) => s.draft);
  const passed = useCaptchaPass((s) => s.token);
  // What was typed before the human check comes back with the member (kept in memory only).
  const [values, setValues] = useState({ account: draft.account ?? '', password: draft.password ?? '' });
  const [agreed, setAgreed] = useState(Boolean(draft.account));
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!requireFilled(values, [['account', 'account.field.account'], ['password', 'account.field.password']])) return;
    if (!agreed) return fail('account.agreement.required');
    setBusy(true);
    try {
      let captcha_token = useCaptchaPass.getState().token;
      if (!captcha_token && (await captchaNeeded(values.account))) {
        useCaptchaPass.getState().keepDraft({ account: values.account, password: values.password });
        navigate(`${paths.other.humanCheck}?redirect=${encodeURIComponent(paths.login.login)}`);
        return;
      }
      captcha_token = useCaptchaPass.getState().take();
      await loginMember({ account: values.account.trim(), password: values.password, ...(captcha_token ? { captcha_token } : {}) });
      useCaptchaPass.getState().keepDraft({});
      navigate(paths.tabbar.my, { replace: true });
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.login')} />
      <Form layout="horizontal" className="account-form">
        <Form.Item label={t('account.field.account')}>
          <Input name="account" autoComplete="username" placeholder={t('account.placeholder.account')} value={values.account} onChange={(account) => setValues((v) => ({ ...v, account }))} clearable />
        </Form.Item>
        <Form.Item label={t('account.field.password')}>
          <Input name="password" type="password" autoComplete="current-password" placeholder={t('account.placeholder.password')} value={values.password} onChange={(password) => setValues((v) => ({ ...v, password }))} onEnterPress={submit} />
        </Form.Item>
      </Form>
      {passed && <p className="account-note">{t('account.captcha.passedTapAgain')}</p>}
      <div className="account-actions">
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button block color="primary" size="large" loading={busy} onClick={submit}>
          {t('account.action.login')}
        </Button>
        <div className="account-links">
          <Link to={paths.login.register}>{t('account.action.toRegister')}</Link>
          <Link to={paths.login.forgotPassword}>{t('account.action.forgot')}</Link>
        </div>
      </div>
    </div>
  );
}
