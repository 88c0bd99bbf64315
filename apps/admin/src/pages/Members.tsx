import type { memberSummarySchema } from '@shop/contract/admin';
import { Alert, Button, Card, Descriptions, Drawer, Input, Skeleton, Space, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DecisionModal } from '../components/DecisionModal';
import { QueryTable } from '../components/QueryTable';
import { StatusTag } from '../components/StatusTag';
import { useCan } from '../app/operator';
import { api } from '../lib/api';
import { banRoute as adminBanMember, endSessionsRoute as adminEndMemberSessions, memberRoute as adminMemberProfile, membersRoute as adminSearchMembers } from '../lib/routes';
import { formatDate, formatMoney, formatNumber } from '../lib/format';

type Summary = z.infer<typeof memberSummarySchema>;
type Act = 'ban' | 'unban' | 'end';

function Profile({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const [act, setAct] = useState<Act | null>(null);
  const q = useQuery({ queryKey: ['admin', 'member', id], queryFn: () => api(adminMemberProfile, { query: { id } }) });
  if (q.isError) return <Alert type="error" showIcon title={q.error.message} action={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />;
  if (!q.data) return <Skeleton active />;
  const m = q.data;
  const questions: Record<Act, string> = { ban: t('members.banQuestion'), unban: t('members.unbanQuestion'), end: t('members.endQuestion') };
  const labels: Record<Act, string> = { ban: t('members.ban'), unban: t('members.unban'), end: t('members.endSessions') };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {can('members.ban') && m.status !== 'closed' && (
        <Space>
          {m.status === 'active' ? (
            <Button danger onClick={() => setAct('ban')} data-testid="ban">{labels.ban}</Button>
          ) : (
            <Button onClick={() => setAct('unban')} data-testid="unban">{labels.unban}</Button>
          )}
          <Button onClick={() => setAct('end')} data-testid="end-sessions">{labels.end}</Button>
        </Space>
      )}
      <Descriptions
        column={2}
        bordered
        size="small"
        items={[
          { key: 'u', label: t('members.userName'), children: `${m.user_name} (#${m.id})` },
          { key: 's', label: t('common.status'), children: <StatusTag status={m.status} /> },
          { key: 'n', label: t('members.nickname'), children: m.nickname ?? '—' },
          { key: 't', label: t('members.trueName'), children: m.true_name ?? '—' },
          { key: 'm', label: t('members.mobile'), children: m.mobile ?? '—' },
          { key: 'e', label: t('members.email'), children: m.email ?? '—' },
          { key: 'i', label: t('members.inviteCode'), children: m.invite_code ?? '—' },
          { key: 'r', label: t('members.referrer'), children: m.referrer ? `${m.referrer.user_name} (#${m.referrer.id})` : '—' },
          { key: 'c', label: t('members.country'), children: m.country ?? '—' },
          { key: 'j', label: t('members.joined'), children: formatDate(m.created_at) },
          { key: 'se', label: t('members.sessions'), children: formatNumber(m.active_sessions) },
        ]}
      />
      <Card size="small" title={t('members.balances')}>
        <Table
          size="small"
          pagination={false}
          rowKey={(b) => `${b.kind}-${b.currency}`}
          dataSource={m.balances}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            { title: t('members.assetKind'), dataIndex: 'kind', render: (k: string) => t(`members.assets.${k}`, { defaultValue: k }) },
            { title: t('common.currency'), dataIndex: 'currency' },
            { title: t('common.amount'), key: 'b', align: 'right', render: (_, b) => <span data-testid={`balance-${b.kind}-${b.currency}`}>{b.currency === 'XXX' ? formatNumber(b.balance) : formatMoney(b.balance, b.currency)}</span> },
          ]}
        />
      </Card>
      <Card size="small" title={t('members.orders')}>
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={m.orders}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            { title: t('orders.orderNo'), dataIndex: 'order_no' },
            { title: t('orders.total'), key: 'tot', align: 'right', render: (_, o) => formatMoney(o.total, o.currency) },
            { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
            { title: t('common.created'), dataIndex: 'created_at', render: (v: string) => formatDate(v) },
          ]}
        />
      </Card>
      {act && (
        <DecisionModal
          open
          title={labels[act]}
          question={questions[act]}
          okText={labels[act]}
          danger={act !== 'unban'}
          fields={[{ name: 'reason', label: t('common.reason'), required: true, multiline: true }]}
          send={(v, key) =>
            act === 'end'
              ? api(adminEndMemberSessions, { body: { id, reason: v.reason ?? '' }, idempotencyKey: key })
              : api(adminBanMember, { body: { id, banned: act === 'ban', reason: v.reason ?? '' }, idempotencyKey: key })
          }
          invalidate={[['admin', 'member', id], ['admin', 'members']]}
          onClose={() => setAct(null)}
        />
      )}
    </Space>
  );
}

export default function Members() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery({ queryKey: ['admin', 'members', search, paging], queryFn: () => api(adminSearchMembers, { query: { q: search, ...paging } }), placeholderData: keepPreviousData });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        enterButton={t('common.search')}
        placeholder={t('members.searchPlaceholder')}
        style={{ maxWidth: 520 }}
        onSearch={(v) => {
          setSearch(v.trim());
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        data-testid="member-search"
      />
      <QueryTable<Summary>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        columns={[
          { title: t('common.id'), dataIndex: 'id', width: 80 },
          { title: t('members.userName'), dataIndex: 'user_name' },
          { title: t('members.nickname'), dataIndex: 'nickname' },
          { title: t('members.mobile'), dataIndex: 'mobile' },
          { title: t('members.email'), dataIndex: 'email' },
          { title: t('members.inviteCode'), dataIndex: 'invite_code' },
          { title: t('members.joined'), dataIndex: 'created_at', render: (v: string) => formatDate(v) },
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('common.actions'), key: 'a', render: (_, r) => <Button size="small" onClick={() => setOpen(r.id)} data-testid={`member-${r.id}`}>{t('common.details')}</Button> },
        ]}
      />
      <Drawer open={open !== null} size={760} title={t('common.details')} onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <Profile id={open} />}
      </Drawer>
    </Space>
  );
}
