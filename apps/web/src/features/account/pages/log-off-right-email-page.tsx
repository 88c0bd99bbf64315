import '../account.css';
import { Button, Result } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { cancelConfirmBody, type ClosingBalances as ClosingBalancesData } from '@shop/contract/account';
import { maskContact } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm } from '@/lib/form';
import { useSession } from '@/stores/session';
import { useConfirmCancellation } from '../api/confirm-cancellation';
import { useCancellation } from '../api/get-cancellation';
import { useProfile } from '../api/get-profile';
import { sendCodeToMe } from '../api/send-code-to-member';
import { CodeButton } from '../components/code-button';
import { ClosingBalances } from '../components/closing-balances';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

/**
 * After approval: the code sent to the member's e-mail closes the account. Before approval (or for a
 * visitor) the page says where the request stands and leads to the closure page, never to the button.
 */
export default function LogOffRightEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = Boolean(useSession((s) => s.token));
  const { data, isLoading } = useCancellation();
  const status = data?.request?.status;
  const title = <PageHeader title={t('app.page.cancelAccountConfirm')} />;

  if (!member)
    return (
      <div className="page account-page">
        {title}
        <Result status="info" title={t('account.cancel.visitorTitle')} description={t('account.cancel.visitorText')} />
        <div className="account-actions">
          <Button block color="primary" onClick={() => navigate(paths.login.login)}>
            {t('account.action.login')}
          </Button>
        </div>
      </div>
    );
  if (isLoading || !data)
    return (
      <div className="page account-page" aria-busy="true">
        {title}
      </div>
    );
  if (status !== 'approved')
    return (
      <div className="page account-page">
        {title}
        {status === 'pending' ? (
          <Result status="waiting" title={t('account.cancel.pendingTitle')} description={t('account.cancel.pendingText')} />
        ) : (
          <Result status="info" title={t('account.cancel.notApprovedTitle')} description={t('account.cancel.notApprovedText')} />
        )}
        <div className="account-actions">
          <Button block color="primary" onClick={() => navigate(paths.login.cancelAccount, { replace: true })}>
            {t('account.cancel.toClosure')}
          </Button>
        </div>
      </div>
    );
  return <ConfirmForm balances={data} />;
}

function ConfirmForm({ balances }: { balances: ClosingBalancesData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useProfile().data?.email ?? '';
  const confirm = useConfirmCancellation();
  const form = useContractForm(cancelConfirmBody, { defaultValues: {}, labels: [['code', 'account.field.code']] });

  const submit = form.submit(async (body) => {
    await confirm.mutateAsync(body);
    navigate(paths.login.cancelAccountDone, { replace: true, state: { closed: true } });
  });

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.cancelAccountConfirm')} />
      {/* Read again as the page opens: money may have arrived since the request was approved. */}
      <ClosingBalances balances={balances} />
      <p className="account-note">{email ? t('account.cancel.codeTo', { email: maskContact(email) }) : t('account.cancel.codeToAccount')}</p>
      <FieldList layout="horizontal" className="account-form">
        <TextField control={form.control} name="code" label={t('account.field.code')} extra={<CodeButton send={() => sendCodeToMe('cancel')} />} inputMode="numeric" maxLength={6} keep={digitsOnly} placeholder={t('account.placeholder.code')} />
      </FieldList>
      <div className="account-actions">
        <Button block color="danger" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('account.cancel.closeNow')}
        </Button>
      </div>
    </div>
  );
}
