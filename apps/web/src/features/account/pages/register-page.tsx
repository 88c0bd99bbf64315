import '../account.css';
import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { Link, useNavigate } from '@/lib/router';
import { registerBody } from '@shop/contract/account';
import { isEmail } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm } from '@/lib/form';
import { useKeepFormDraft } from '@/lib/open-drafts';
import { ApiError } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { useShareCode } from '@/stores/app-flags';
import { captchaNeeded } from '../api/is-captcha-required';
import { useDefaultCallingCode } from '../api/get-default-calling-code';
import { registerMember } from '../api/register';
import { registerInternationalMember } from '../api/register-international';
import { sendCodeTo } from '../api/send-code';
import { AgreementCheck } from '../components/agreement-check';
import { CodeButton } from '../components/code-button';
import { CountryCodePicker } from '@/components/country-code-picker';
import { useCaptchaPass } from '../captcha-pass';
import { backPastSignInPages, useReturnPath } from '../return-path';
import { fail } from '../form-check';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

/**
 * Sign up with an invitation code: account, nickname, password, e-mail (with its code), optional phone
 * (kept unconfirmed: the member confirms it in Settings with a code texted to it); then on as after a login.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { after, carry } = useReturnPath();
  const shareCode = useShareCode((s) => s.shareCode);
  const draft = useCaptchaPass((s) => s.draft);
  const { data: defaultCode } = useDefaultCallingCode();
  const [area, setArea] = useState<{ country: string; pre: string }>();
  const [agreed, setAgreed] = useState(false);
  const country = area ?? defaultCode ?? { country: 'US', pre: '1' };
  const form = useContractForm(registerBody, {
    defaultValues: { email: draft.email || undefined, invite_code: shareCode || undefined },
    labels: [
      ['user_name', 'account.field.userName'],
      ['nickname', 'account.field.nickname'],
      ['password', 'account.field.password'],
      ['email', 'account.field.email'],
      ['mobile', 'account.field.mobile'],
      ['invite_code', 'account.field.inviteCode'],
      ['code', 'account.field.code'],
    ],
  });

  // What was typed comes back after a reload (the new version's, the browser's); the password and the code are typed again.
  useKeepFormDraft('register', { ...form.control.values, area }, ['user_name', 'nickname', 'email', 'mobile', 'invite_code', 'area'], ({ area: chosen, ...typed }) => {
    if (chosen) setArea(chosen);
    form.reset({ ...form.getValues(), ...typed });
  });

  // The referral code the visitor arrived with, once it is known.
  useEffect(() => {
    if (shareCode && !form.getValues('invite_code')) form.setValue('invite_code', shareCode);
  }, [shareCode, form]);

  const sendCode = async () => {
    const email = (form.getValues('email') ?? '').trim();
    if (!email) return Promise.reject(fail('account.form.emailFirst'));
    if (!isEmail(email)) return Promise.reject(fail('account.form.validEmail'));
    const captcha_token = useCaptchaPass.getState().take();
    if (!captcha_token && (await captchaNeeded(email))) {
      useCaptchaPass.getState().keepDraft({ email });
      navigate(`${paths.other.humanCheck}?redirect=${encodeURIComponent(carry(paths.login.register))}`);
      return Promise.reject(new Error('captcha'));
    }
    const sent = await sendCodeTo({ type: 'register', email, ...(captcha_token ? { captcha_token } : {}) });
    showToast(t('account.codeButton.sentTo', { to: sent.to }));
    return sent;
  };

  const submit = form.submit(async ({ mobile, mobile_pre: _typed, ...body }) => {
    if (!agreed) return fail('account.agreement.required');
    try {
      // A phone of a country other than China registers through the international call.
      await (mobile && country.country !== 'CN'
        ? registerInternationalMember({ ...body, country: country.country, mobile_pre: country.pre, mobile })
        : registerMember({ ...body, ...(mobile ? { mobile_pre: country.pre, mobile } : {}) }));
      useCaptchaPass.getState().keepDraft({});
      showToast(t('account.register.welcome'));
      // Back to the page that sent the member here when it is behind this one, or behind the sign-in pages
      // gone through on the way (it stays in history once, and no sign-in page is left one Back away).
      navigate(after, backPastSignInPages);
    } catch (e) {
      // The request client leaves registration failures to the form (spec §8).
      if (e instanceof ApiError && e.kind === 'code') showToast(e.message);
    }
  });

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.register')} />
      <FieldList layout="horizontal" className="account-form">
        <TextField control={form.control} name="user_name" label={t('account.field.userName')} autoComplete="username" placeholder={t('account.placeholder.userName')} />
        <TextField control={form.control} name="nickname" label={t('account.field.nickname')} placeholder={t('account.placeholder.nickname')} />
        <TextField control={form.control} name="password" label={t('account.field.password')} type="password" autoComplete="new-password" placeholder={t('account.placeholder.newPassword')} />
        <TextField control={form.control} name="email" label={t('account.field.email')} type="email" autoComplete="email" placeholder={t('account.placeholder.email')} />
        <TextField control={form.control} name="mobile" label={t('account.field.mobile')} before={<CountryCodePicker value={country} onChange={setArea} />} type="tel" keep={digitsOnly} placeholder={t('account.placeholder.mobileOptional')} description={t('account.register.mobileLater')} />
        <TextField control={form.control} name="invite_code" label={t('account.field.inviteCode')} placeholder={t('account.placeholder.inviteCode')} />
        <TextField control={form.control} name="code" label={t('account.field.code')} extra={<CodeButton send={sendCode} />} inputMode="numeric" maxLength={6} keep={digitsOnly} placeholder={t('account.placeholder.code')} />
      </FieldList>
      <div className="account-actions">
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('account.action.register')}
        </Button>
        <div className="account-links">
          <Link to={carry(paths.login.login)}>{t('account.action.toLogin')}</Link>
        </div>
      </div>
    </div>
  );
}
