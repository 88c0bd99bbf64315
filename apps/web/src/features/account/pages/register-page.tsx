import '../account.css';
import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isEmail, isLettersOrDigits } from '@shop/contract';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { useShareCode } from '@/stores/app-flags';
import { captchaNeeded } from '../api/captcha';
import { useDefaultAreaPre } from '../api/country-codes';
import { registerMember } from '../api/register';
import { sendCodeTo } from '../api/send-code';
import { AgreementCheck } from '../components/agreement-check';
import { CodeButton } from '../components/code-button';
import { CountryCodePicker } from '../components/country-code-picker';
import { useCaptchaPass } from '../captcha-pass';
import { fail, requireFilled } from '../form-check';

const REQUIRED: Array<[string, string]> = [
  ['user_name', 'account.field.userName'],
  ['nickname', 'account.field.nickname'],
  ['password', 'account.field.password'],
  ['email', 'account.field.email'],
  ['invite_code', 'account.field.inviteCode'],
  ['code', 'account.field.code'],
];

/** Sign up with an invitation code: account, nickname, password, e-mail (with its code), optional phone. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shareCode = useShareCode((s) => s.shareCode);
  const draft = useCaptchaPass((s) => s.draft);
  const { data: defaultPre } = useDefaultAreaPre();
  const [values, setValues] = useState({ user_name: '', nickname: '', password: '', email: draft.email ?? '', mobile: '', invite_code: shareCode, code: '' });
  const [area, setArea] = useState<{ country: string; pre: string }>();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  const country = area ?? defaultPre ?? { country: 'US', pre: '1' };

  useEffect(() => {
    if (shareCode && !values.invite_code) setValues((s) => ({ ...s, invite_code: shareCode }));
  }, [shareCode, values.invite_code]);

  const sendCode = async () => {
    if (!values.email.trim()) return Promise.reject(fail('account.form.emailFirst'));
    if (!isEmail(values.email.trim())) return Promise.reject(fail('account.form.validEmail'));
    const captcha_token = useCaptchaPass.getState().take();
    if (!captcha_token && (await captchaNeeded(values.email.trim()))) {
      useCaptchaPass.getState().keepDraft({ email: values.email.trim() });
      navigate(`${paths.other.humanCheck}?redirect=${encodeURIComponent(paths.login.register)}`);
      return Promise.reject(new Error('captcha'));
    }
    const sent = await sendCodeTo({ type: 'register', email: values.email.trim(), ...(captcha_token ? { captcha_token } : {}) });
    showToast(t('account.codeButton.sentTo', { to: sent.to }));
    return sent;
  };

  const submit = async () => {
    if (!requireFilled(values, REQUIRED)) return;
    if (values.user_name.trim().length < 6 || !isLettersOrDigits(values.user_name.trim())) return fail('account.form.userNameRule');
    if (values.password.length < PASSWORD_MIN_LENGTH || values.password.length > PASSWORD_MAX_LENGTH) return fail('account.validation.password');
    if (!isEmail(values.email.trim())) return fail('account.form.validEmail');
    if (values.mobile && values.mobile.startsWith('0')) return fail('account.form.noLeadingZero');
    if (!agreed) return fail('account.agreement.required');
    setBusy(true);
    try {
      await registerMember({
        user_name: values.user_name.trim(),
        nickname: values.nickname.trim(),
        password: values.password,
        email: values.email.trim(),
        invite_code: values.invite_code.trim(),
        code: values.code.trim(),
        ...(values.mobile ? { mobile_pre: country.pre, mobile: values.mobile.trim(), country: country.country } : {}),
      });
      useCaptchaPass.getState().keepDraft({});
      showToast(t('account.register.welcome'));
      navigate(paths.tabbar.my, { replace: true });
    } catch (e) {
      // The request client leaves registration failures to the form (spec §8).
      if (e instanceof ApiError && e.kind === 'code') showToast(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.register')} />
      <Form layout="horizontal" className="account-form">
        <Form.Item label={t('account.field.userName')}>
          <Input name="user_name" autoComplete="username" placeholder={t('account.placeholder.userName')} value={values.user_name} onChange={set('user_name')} />
        </Form.Item>
        <Form.Item label={t('account.field.nickname')}>
          <Input name="nickname" placeholder={t('account.placeholder.nickname')} value={values.nickname} onChange={set('nickname')} />
        </Form.Item>
        <Form.Item label={t('account.field.password')}>
          <Input name="password" type="password" autoComplete="new-password" placeholder={t('account.placeholder.newPassword')} value={values.password} onChange={set('password')} />
        </Form.Item>
        <Form.Item label={t('account.field.email')}>
          <Input name="email" type="email" autoComplete="email" placeholder={t('account.placeholder.email')} value={values.email} onChange={set('email')} />
        </Form.Item>
        <Form.Item label={t('account.field.mobile')} extra={<CountryCodePicker value={country} onChange={setArea} />}>
          <Input name="mobile" type="tel" placeholder={t('account.placeholder.mobileOptional')} value={values.mobile} onChange={(v) => set('mobile')(v.replace(/\D/g, ''))} />
        </Form.Item>
        <Form.Item label={t('account.field.inviteCode')}>
          <Input name="invite_code" placeholder={t('account.placeholder.inviteCode')} value={values.invite_code} onChange={set('invite_code')} />
        </Form.Item>
        <Form.Item label={t('account.field.code')} extra={<CodeButton send={sendCode} />}>
          <Input name="code" inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.code')} value={values.code} onChange={(v) => set('code')(v.replace(/\D/g, ''))} />
        </Form.Item>
      </Form>
      <div className="account-actions">
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button block color="primary" size="large" loading={busy} onClick={submit}>
          {t('account.action.register')}
        </Button>
        <div className="account-links">
          <Link to={paths.login.login}>{t('account.action.toLogin')}</Link>
        </div>
      </div>
    </div>
  );
}
