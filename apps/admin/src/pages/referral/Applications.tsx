import { Button, Card, Select, Space, Typography } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/DecisionModal';
import { QueryError } from '../../components/QueryError';
import { StatusTag } from '../../components/StatusTag';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { call } from '../../lib/request';
import { applicationsRoute, decideApplicationRoute } from '../../lib/routes-referral';

type Row = EndpointData<typeof applicationsRoute>['list'][number];
const STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Why a pending application cannot be approved now: its member's account is banned or closed (rejecting it stays possible). */
const NO_APPROVAL: Partial<Record<Row['member_status'], string>> = { banned: 'console.referral.applications.bannedNoApprove', closed: 'console.referral.applications.closedNoApprove' };

/** The applications queue: dealer, service centre and member-shop applications; approve (granting the role) or reject, with a reason. */
export default function ReferralApplications() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending');
  const [page, setPage] = useState(1);
  const list = useEndpointQuery(applicationsRoute, { page, limit: 20, status });
  const [deciding, setDeciding] = useState<{ row: Row; approve: boolean } | undefined>();
  if (list.isError) return <QueryError error={list.error} retry={() => list.refetch()} />;
  return (
    <Card size="small" title={t('console.referral.applications.title')} extra={<Select aria-label={t('console.common.status')} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={STATUSES.map((s) => ({ value: s, label: t(`console.referral.applicationStatus.${s}`) }))} style={{ width: 160, maxWidth: '100%' }} />}>
      <FramedTable
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        expandable={{ expandedRowRender: (r) => <pre style={{ margin: 0 }}>{Object.entries(r.fields).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre> }}
        columns={[
          { title: t('console.common.id'), dataIndex: 'id' },
          {
            title: t('console.common.member'),
            key: 'member',
            render: (_, r) => (
              <Space size={4} wrap>
                {`${r.user_name} (#${r.member_id})`}
                {r.member_status !== 'active' && <StatusTag status={r.member_status} />}
              </Space>
            ),
          },
          { title: t('console.referral.applications.kind'), dataIndex: 'kind', render: (k: Row['kind']) => t(`console.referral.kind.${k}`) },
          { title: t('console.common.status'), dataIndex: 'status', render: (s: Row['status']) => t(`console.referral.applicationStatus.${s}`) },
          { title: t('console.common.reason'), dataIndex: 'reason' },
          {
            title: t('console.common.actions'),
            key: 'actions',
            render: (_, r) => {
              if (r.status !== 'pending') return null;
              const blocked = NO_APPROVAL[r.member_status];
              return (
                <Space wrap>
                  <Button size="small" type="primary" disabled={blocked !== undefined} aria-describedby={blocked ? `application-${r.id}-blocked` : undefined} onClick={() => setDeciding({ row: r, approve: true })}>
                    {t('console.common.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ row: r, approve: false })}>{t('console.common.reject')}</Button>
                  {blocked && (
                    <Typography.Text type="secondary" id={`application-${r.id}-blocked`}>
                      {t(blocked)}
                    </Typography.Text>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {deciding && (
        <DecisionModal
          open
          danger={!deciding.approve}
          title={deciding.approve ? t('console.common.approve') : t('console.common.reject')}
          question={t(deciding.approve ? 'console.referral.applications.approveQuestion' : 'console.referral.applications.rejectQuestion', { member: deciding.row.user_name, kind: t(`console.referral.kind.${deciding.row.kind}`) })}
          okText={deciding.approve ? t('console.common.approve') : t('console.common.reject')}
          fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
          schema={() => import('@shop/contract/admin').then((m) => m.adminDecideApplication.body!)}
          toBody={(v) => ({ id: deciding.row.id, approve: deciding.approve, reason: v.reason ?? '' })}
          send={(_v, key, body) => call(decideApplicationRoute, body, { idempotencyKey: key })}
          invalidates={[applicationsRoute]}
          onClose={() => setDeciding(undefined)}
        />
      )}
    </Card>
  );
}
