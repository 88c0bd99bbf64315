import '../account.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Link, useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm } from '@/lib/form';
import { useKeepFormDraft } from '@/lib/open-drafts';
import { loginMember } from '../api/login';
import { captchaNeeded } from '../api/is-captcha-required';
import { AgreementCheck } from '../components/agreement-check';
import { useCaptchaPass } from '../captcha-pass';
import { backPastSignInPages, useReturnPath } from '../return-path';
import { fail } from '../form-check';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

/**
 * Log in with user name, e-mail or mobile and password; the slider first when the server asks for it.
 * Then on to the page the member was going to (`?redirect=`), else "Me".
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { after, carry } = useReturnPath();
  const draft = useCaptchaPass((s) => s.draft);
  const passed = useCaptchaPass((s) => s.token);
  // What was typed before the human check comes back with the member (kept in memory only).
  // The schema (and zod) load at the first check: the login page is a first screen.
  const form = useContractForm(() => import('@shop/contract/account/schemas').then((m) => m.loginBody), {
    defaultValues: { account: draft.account ?? '', password: draft.password ?? '' },
    labels: [['account', 'account.field.account'], ['password', 'account.field.password']],
  });
  const [agreed, setAgreed] = useState(Boolean(draft.account));
  // The account typed comes back after a reload (the new version's, the browser's); never the password or a code.
  useKeepFormDraft('login', form.control.values, ['account'], (typed) => form.reset({ ...form.getValues(), ...typed }));

  const submit = form.submit(async (body) => {
    if (!agreed) return fail('account.agreement.required');
    let captcha_token = useCaptchaPass.getState().token;
    if (!captcha_token && (await captchaNeeded(body.account))) {
      useCaptchaPass.getState().keepDraft({ account: body.account, password: body.password });
      navigate(`${paths.other.humanCheck}?redirect=${encodeURIComponent(carry(paths.login.login))}`);
      return;
    }
    captcha_token = useCaptchaPass.getState().take();
    await loginMember({ ...body, ...(captcha_token ? { captcha_token } : {}) });
    useCaptchaPass.getState().keepDraft({});
    // Back to the page that sent the member here when it is behind this one, or behind the sign-in pages
    // gone through on the way (it stays in history once, and no sign-in page is left one Back away).
    navigate(after, backPastSignInPages);
  });

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.login')} />
      <FieldList layout="horizontal" className="account-form">
        <TextField control={form.control} name="account" label={t('account.field.account')} autoComplete="username" placeholder={t('account.placeholder.account')} clearable />
        <TextField control={form.control} name="password" label={t('account.field.password')} type="password" autoComplete="current-password" placeholder={t('account.placeholder.password')} onEnterPress={() => void submit()} />
      </FieldList>
      {passed && <p className="account-note">{t('account.captcha.passedTapAgain')}</p>}
      <div className="account-actions">
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('account.action.login')}
        </Button>
        <div className="account-links">
          <Link to={carry(paths.login.register)}>{t('account.action.toRegister')}</Link>
          <Link to={carry(paths.login.forgotPassword)}>{t('account.action.forgot')}</Link>
        </div>
      </div>
    </div>
  );
}
