import '../account.css';
import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskContact } from '@shop/contract';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/stores/session';
import { confirmAccountClosing } from '../api/cancellation';
import { sendCodeToMe } from '../api/send-code';
import { CodeButton } from '../components/code-button';
import { requireFilled } from '../form-check';

/** After approval: the code sent to the member's e-mail closes the account. */
export default function LogOffRightEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useSession((s) => s.user?.email ?? '');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!requireFilled({ code }, [['code', 'account.field.code']])) return;
    setBusy(true);
    try {
      await confirmAccountClosing(code);
      navigate(paths.login.cancelAccountDone, { replace: true });
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.cancelAccountConfirm')} />
      <p className="account-note">{t('account.cancel.codeTo', { email: email ? maskContact(email) : '' })}</p>
      <Form layout="horizontal" className="account-form">
        <Form.Item label={t('account.field.code')} extra={<CodeButton send={() => sendCodeToMe('cancel')} />}>
          <Input name="code" inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.code')} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} />
        </Form.Item>
      </Form>
      <div className="account-actions">
        <Button block color="danger" size="large" loading={busy} onClick={submit}>
          {t('account.cancel.closeNow')}
        </Button>
      </div>
    </div>
  );
}
