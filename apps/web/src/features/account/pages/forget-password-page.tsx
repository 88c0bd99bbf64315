import '../account.css';
import { Button } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { forgetBody } from '@shop/contract/account';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm } from '@/lib/form';
import { useKeepFormDraft } from '@/lib/open-drafts';
import { showToast } from '@/lib/toast';
import { captchaNeeded } from '../api/is-captcha-required';
import { resetPassword } from '../api/reset-forgotten-password';
import { sendCodeForUserName } from '../api/send-code-by-user-name';
import { CodeButton } from '../components/code-button';
import { useCaptchaPass } from '../captcha-pass';
import { useReturnPath } from '../return-path';
import { fail, samePasswordTwice } from '../form-check';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

const schema = samePasswordTwice(forgetBody);

/** A forgotten password: a code to the account's e-mail, then a new password twice (and the authenticator's code when one is bound). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A member on the way to a page goes on there after logging in with the new password.
  const { carry } = useReturnPath();
  const draft = useCaptchaPass((s) => s.draft);
  const form = useContractForm(schema, {
    defaultValues: { account: draft.account ?? '' },
    labels: [['account', 'account.field.account'], ['code', 'account.field.code'], ['password', 'account.field.newPassword'], ['password_confirm', 'account.field.confirmPassword'], ['google_code', 'account.field.googleCode']],
  });

  // The account typed comes back after a reload (the new version's, the browser's); never the password or a code.
  useKeepFormDraft('forgetPassword', form.control.values, ['account'], (typed) => form.reset({ ...form.getValues(), ...typed }));

  const sendCode = async () => {
    const account = (form.getValues('account') ?? '').trim();
    if (!account) return Promise.reject(fail('account.form.accountFirst'));
    const token = useCaptchaPass.getState().take();
    if (!token && (await captchaNeeded(account))) {
      useCaptchaPass.getState().keepDraft({ account });
      navigate(`${paths.other.humanCheck}?redirect=${encodeURIComponent(carry(paths.login.forgotPassword))}`);
      return Promise.reject(new Error('captcha'));
    }
    const sent = await sendCodeForUserName(account, token || undefined);
    // The answer is the same whether or not the account exists, and so is what we say.
    showToast(t('account.codeButton.sentIfExists'));
    return sent;
  };

  // The authenticator's code goes only when typed: it is asked for by accounts that have one bound.
  const submit = form.submit(async (body) => {
    await resetPassword(body);
    useCaptchaPass.getState().keepDraft({ account: body.account });
    showToast(t('account.password.resetDone'));
    // The login page this one was opened from, when it is behind: not a second login page over it.
    navigate(carry(paths.login.login), { returnIfBehind: true });
  });

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.forgetPassword')} />
      <FieldList layout="horizontal" className="account-form">
        <TextField control={form.control} name="account" label={t('account.field.account')} placeholder={t('account.placeholder.account')} />
        <TextField control={form.control} name="code" label={t('account.field.code')} extra={<CodeButton send={sendCode} />} inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.code')} />
        <TextField control={form.control} name="password" label={t('account.field.newPassword')} type="password" autoComplete="new-password" placeholder={t('account.placeholder.newPassword')} />
        <TextField control={form.control} name="password_confirm" label={t('account.field.confirmPassword')} type="password" autoComplete="new-password" placeholder={t('account.placeholder.confirmPassword')} />
        {/* Always shown, so the page never tells a stranger whether an account has an authenticator; when it is needed is said under it, whole in every language. */}
        <TextField
          control={form.control}
          name="google_code"
          label={t('account.field.googleCode')}
          description={t('account.hint.googleCodeIfBound')}
          inputMode="numeric"
          maxLength={6}
          keep={digitsOnly}
          placeholder={t('account.placeholder.googleCode')}
        />
      </FieldList>
      <div className="account-actions">
        <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('account.action.resetPassword')}
        </Button>
      </div>
    </div>
  );
}
