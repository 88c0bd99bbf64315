import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/DecisionModal';
import { useCan } from '../../lib/operator';
import { call } from '../../lib/request';
import { memberRoute } from '../../lib/routes';
import { memberTotpResetRoute } from '../../lib/routes-settings';

/** The owner's button on a member's page: removes the member's authenticator, with a reason. */
export function MemberTotpReset({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('operators.manage')) return null;
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="reset-2fa">
        {t('console.settings.operators.memberReset')}
      </Button>
      {open && (
        <DecisionModal
          open
          title={t('console.settings.operators.memberReset')}
          question={t('console.settings.operators.memberResetQuestion')}
          okText={t('console.settings.operators.memberReset')}
          danger
          fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
          schema={() => import('@shop/contract/admin').then((m) => m.adminResetMemberTotp.body!)}
          toBody={(v) => ({ id, reason: v.reason ?? '' })}
          send={(_v, key, body) => call(memberTotpResetRoute, body, { idempotencyKey: key })}
          invalidates={[memberRoute]}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
