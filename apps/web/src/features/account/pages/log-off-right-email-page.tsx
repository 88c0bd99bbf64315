import '../account.css';
import { Button, Form } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cancelConfirmBody } from '@shop/contract/account';
import { maskContact } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm } from '@/lib/form';
import { useConfirmCancellation } from '../api/confirm-cancellation';
import { useProfile } from '../api/get-profile';
import { sendCodeToMe } from '../api/send-code-to-member';
import { CodeButton } from '../components/code-button';

/** After approval: the code sent to the member's e-mail closes the account. */
export default function LogOffRightEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useProfile().data?.email ?? '';
  const confirm = useConfirmCancellation();
  const form = useContractForm(cancelConfirmBody, { defaultValues: {}, labels: [['code', 'account.field.code']] });

  const submit = form.submit(async (body) => {
    await confirm.mutateAsync(body);
    navigate(paths.login.cancelAccountDone, { replace: true });
  });

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.cancelAccountConfirm')} />
      <p className="account-note">{t('account.cancel.codeTo', { email: email ? maskContact(email) : '' })}</p>
      <Form layout="horizontal" className="account-form">
        <TextField control={form.control} name="code" label={t('account.field.code')} extra={<CodeButton send={() => sendCodeToMe('cancel')} />} inputMode="numeric" maxLength={6} keep={digitsOnly} placeholder={t('account.placeholder.code')} />
      </Form>
      <div className="account-actions">
        <Button block color="danger" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('account.cancel.closeNow')}
        </Button>
      </div>
    </div>
  );
}
