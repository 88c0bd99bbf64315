import { Button, Card, Descriptions, Select, Space, Typography } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/DecisionModal';
import { QueryError } from '../../components/QueryError';
import { StatusTag } from '../../components/StatusTag';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatRegion } from '../../lib/format';
import { call } from '../../lib/request';
import { applicationsRoute, decideApplicationRoute } from '../../lib/routes-referral';

type Row = EndpointData<typeof applicationsRoute>['list'][number];
const STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Why a pending application cannot be approved now: its member's account is banned or closed (rejecting it stays possible). */
const NO_APPROVAL: Partial<Record<Row['member_status'], string>> = { banned: 'console.referral.applications.bannedNoApprove', closed: 'console.referral.applications.closedNoApprove' };

/** What the member wrote in the application, each under its name; the phone with its calling code, the country by name. */
function ApplicationFields({ fields }: { fields: Row['fields'] }) {
  const { t } = useTranslation();
  const { name, mobile_pre: pre, mobile, country, address, shop_name: shopName, note, ...others } = fields;
  const items = [
    { key: 'name', value: name },
    { key: 'mobile', value: mobile && (pre ? `+${pre} ${mobile}` : mobile) },
    { key: 'country', value: country && `${formatRegion(country)} (${country})` },
    { key: 'address', value: address },
    { key: 'shop_name', value: shopName },
    { key: 'note', value: note },
  ].filter((i) => i.value);
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        ...items.map((i) => ({ key: i.key, label: t(`console.referral.applications.field.${i.key}`), children: i.value })),
        // Anything an older form sent that these names do not cover, as it was stored.
        ...Object.entries(others).map(([key, value]) => ({ key, label: key, children: value })),
      ]}
    />
  );
}

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
        expandable={{ expandedRowRender: (r) => <ApplicationFields fields={r.fields} /> }}
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
