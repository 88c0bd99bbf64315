import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { ControlRow } from '../../components/ControlRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { houseCodeRoute, setHouseCodeRoute } from '../../lib/routes-referral';

/** The shop's own invitation code (members with no sponsor join with it), changed at once with a reason (recorded) by a role that may. */
export default function HouseCode() {
  const { t } = useTranslation();
  const write = useCan()('referral.settings');
  const query = useEndpointQuery(houseCodeRoute, undefined);
  const save = useEndpointMutation(setHouseCodeRoute, { invalidates: [houseCodeRoute] });
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [changed, setChanged] = useState<string | undefined>();
  if (query.isError) return <QueryError error={query.error} retry={() => query.refetch()} />;
  if (!query.data) return null;
  const submit = () =>
    save.mutateAsync({ house_code: code.trim(), reason }).then(
      (r) => {
        setChanged(r.house_code);
        setCode('');
        setReason('');
      },
      () => {},
    );
  return (
    <Card size="small" title={t('console.referral.houseCode.title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('console.referral.houseCode.hint')}</Typography.Text>
        <Typography.Text strong copyable data-testid="house-code">
          {query.data.house_code}
        </Typography.Text>
        {save.error && <Alert type="error" title={save.error.message} showIcon />}
        {changed && <Alert type="success" title={t('console.referral.houseCode.changed', { code: changed })} showIcon />}
        {write && (
          <ControlRow>
            {/* Codes are compared without case: typed in capitals, as members see them. */}
            <Input placeholder={t('console.referral.houseCode.new')} value={code} maxLength={16} onChange={(e) => setCode(e.target.value.toUpperCase())} style={{ width: 180, maxWidth: '100%' }} />
            <Input placeholder={t('console.common.reason')} value={reason} onChange={(e) => setReason(e.target.value)} style={{ width: 360, maxWidth: '100%' }} />
            <Button type="primary" disabled={!code.trim() || !reason.trim()} loading={save.isPending} onClick={() => void submit()}>
              {t('console.referral.houseCode.change')}
            </Button>
          </ControlRow>
        )}
      </Space>
    </Card>
  );
}
