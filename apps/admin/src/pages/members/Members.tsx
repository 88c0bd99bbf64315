import type { memberSummarySchema } from '@shop/contract/admin';
import type { EndpointData } from '@shop/contract/common';
import { Alert, Button, Card, Descriptions, Empty, Image, Input, Segmented, Skeleton, Space, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { ModalDrawer } from '../../components/ModalDrawer';
import { DecisionModal } from '../../components/DecisionModal';
import { FramedTable, actionsColumn, QueryTable, type ListSort } from '../../components/QueryTable';
import { StatusTag } from '../../components/StatusTag';
import { useCan } from '../../lib/operator';
import { call } from '../../lib/request';
import { useSearchId } from '../../lib/url-state';
import { banRoute as adminBanMember, endSessionsRoute as adminEndMemberSessions, memberOrdersRoute, memberRoute as adminMemberProfile, membersRoute as adminSearchMembers } from '../../lib/routes';
import { formatCellDate, formatDate, formatMoney, formatNumber, formatPersonName } from '../../lib/format';
import { POINTS, showAmount } from '../../lib/money';
import { documentName } from '../../lib/documents';

type Summary = z.infer<typeof memberSummarySchema>;
type Act = 'ban' | 'unban' | 'end';
type Profile = EndpointData<typeof adminMemberProfile>;
/** What other areas add to a member's profile (the console composes them in `app/`): actions beside the ban, and sections after the real-name card. */
export interface ProfileParts {
  actions?: (id: number) => ReactNode;
  sections?: (id: number) => ReactNode;
}
const MEMBER_STATUSES = ['active', 'banned', 'closed'] as const;
/** A member's mobile number whole, with its country prefix (`+60 123456789`); null when they have none. */
const phoneOf = (m: { mobile_pre: string | null; mobile: string | null }): string | null => (m.mobile ? (m.mobile_pre ? `+${m.mobile_pre.replace(/^\+/, '')} ${m.mobile}` : m.mobile) : null);

/** The member's latest real-name request as decided: status, name, document (number masked), evidence, who decided and when. */
function Certification({ c }: { c: Profile['certification'] }) {
  const { t } = useTranslation();
  if (!c) return <Card size="small" title={t('console.members.realName')}><Typography.Text type="secondary" data-testid="certification-none">{t('console.members.noRealName')}</Typography.Text></Card>;
  const name = formatPersonName(c.given_name, c.surname);
  return (
    <Card size="small" title={t('console.members.realName')} data-testid="certification">
      <Descriptions
        column={2}
        size="small"
        items={[
          { key: 's', label: t('console.common.status'), children: <StatusTag status={c.status} /> },
          { key: 'n', label: t('console.realname.name'), children: name },
          { key: 'k', label: t('console.realname.kind'), children: `${t(`console.realname.${c.kind}`)} · ${c.country}` },
          { key: 'd', label: t('console.realname.documentType'), children: documentName(t, c.document_type) },
          { key: 'no', label: t('console.realname.documentNumber'), children: <span data-testid="certification-number">{c.document_number}</span> },
          { key: 'b', label: t('console.realname.birthday'), children: c.birthday ? formatDate(c.birthday, true) : '—' },
          { key: 'c', label: t('console.common.created'), children: formatDate(c.created_at) },
          { key: 'r', label: t('console.common.reviewedBy'), children: c.reviewed_by ? `${c.reviewed_by} · ${formatDate(c.reviewed_at)}` : '—' },
          ...(c.reason ? [{ key: 'why', label: t('console.common.reason'), span: 2, children: c.reason }] : []),
          {
            key: 'e',
            label: t('console.common.evidence'),
            span: 2,
            children: c.evidence.length ? <Space wrap>{c.evidence.map((src) => <Image key={src} src={src} width={160} alt={t('console.common.evidence')} />)}</Space> : <Typography.Text type="secondary">{t('console.common.noEvidence')}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}

/** A member's orders, newest first, a page at a time. */
function MemberOrders({ id }: { id: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useEndpointQuery(memberOrdersRoute, { id, ...paging }, { placeholderData: keepPreviousData });
  return (
    <Card size="small" title={t('console.members.orders')}>
      <QueryTable
        query={query}
        size="small"
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.common.empty')} /> }}
        data-testid="member-orders"
        columns={[
          { title: t('console.orders.orderNo'), dataIndex: 'order_no' },
          { title: t('console.orders.total'), key: 'tot', align: 'right', render: (_, o) => formatMoney(o.total, o.currency) },
          { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('console.orders.orderedAt'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
          { title: t('console.orders.paidAt'), dataIndex: 'paid_at', render: (v: string | null) => formatCellDate(v) },
        ]}
      />
    </Card>
  );
}

export function Profile({ id, parts }: { id: number; parts: ProfileParts }) {
  const { t } = useTranslation();
  const can = useCan();
  const [act, setAct] = useState<Act | null>(null);
  const q = useEndpointQuery(adminMemberProfile, { id });
  if (q.isError) return <Alert type="error" showIcon title={q.error.message} action={<Button onClick={() => void q.refetch()}>{t('console.common.retry')}</Button>} />;
  if (!q.data) return <Skeleton active />;
  const m = q.data;
  const questions: Record<Act, string> = { ban: t('console.members.banQuestion'), unban: t('console.members.unbanQuestion'), end: t('console.members.endQuestion') };
  const labels: Record<Act, string> = { ban: t('console.members.ban'), unban: t('console.members.unban'), end: t('console.members.endSessions') };
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
      {parts.actions?.(m.id)}
      <Descriptions
        column={2}
        bordered
        size="small"
        items={[
          { key: 'u', label: t('console.members.userName'), children: `${m.user_name} (#${m.id})` },
          { key: 's', label: t('console.common.status'), children: <StatusTag status={m.status} /> },
          { key: 'n', label: t('console.members.nickname'), children: m.nickname ?? '—' },
          { key: 't', label: t('console.members.trueName'), children: m.true_name ?? '—' },
          { key: 'm', label: t('console.members.mobile'), children: phoneOf(m) ?? '—' },
          { key: 'e', label: t('console.members.email'), children: m.email ?? '—' },
          { key: 'i', label: t('console.members.inviteCode'), children: m.invite_code ?? '—' },
          { key: 'r', label: t('console.members.referrer'), children: m.referrer ? `${m.referrer.user_name} (#${m.referrer.id})` : '—' },
          { key: 'c', label: t('console.members.country'), children: m.country ?? '—' },
          { key: 'j', label: t('console.members.joined'), children: formatDate(m.created_at) },
          { key: 'se', label: t('console.members.sessions'), children: formatNumber(m.active_sessions) },
        ]}
      />
      <Card size="small" title={t('console.members.balances')}>
        <FramedTable
          size="small"
          pagination={false}
          rowKey={(b) => `${b.kind}-${b.currency}`}
          dataSource={m.balances}
          locale={{ emptyText: t('console.common.empty') }}
          columns={[
            { title: t('console.members.assetKind'), dataIndex: 'kind', render: (k: string) => t(`console.members.assets.${k}`, { defaultValue: k }) },
            // Points have no currency (the ledger's stand-in code is not one to show).
            { title: t('console.common.currency'), dataIndex: 'currency', render: (c: string) => (c === POINTS ? '—' : c) },
            { title: t('console.common.amount'), key: 'b', align: 'right', render: (_, b) => <span data-testid={`balance-${b.kind}-${b.currency}`}>{showAmount(b.balance, b.currency)}</span> },
          ]}
        />
      </Card>
      <Certification c={m.certification} />
      {parts.sections?.(m.id)}
      <MemberOrders id={id} />
      {act && (
        <DecisionModal
          open
          title={labels[act]}
          question={questions[act]}
          okText={labels[act]}
          danger={act !== 'unban'}
          fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
          schema={() => import('@shop/contract/admin').then((m) => (act === 'end' ? m.adminEndMemberSessions.body! : m.adminBanMember.body!))}
          toBody={(v) => (act === 'end' ? { id, reason: v.reason ?? '' } : { id, banned: act === 'ban', reason: v.reason ?? '' })}
          send={(_v, key, body) => (act === 'end' ? call(adminEndMemberSessions, body, { idempotencyKey: key }) : call(adminBanMember, body, { idempotencyKey: key }))}
          invalidates={[adminMemberProfile, adminSearchMembers]}
          onClose={() => setAct(null)}
        />
      )}
    </Space>
  );
}

export default function Members(parts: ProfileParts) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>('all');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  // The member whose drawer is open is kept in the address: a reload opens it again.
  const [open, setOpen] = useSearchId('member');
  const filters = { q: search, status: status === 'all' ? undefined : (status as (typeof MEMBER_STATUSES)[number]), ...(sort as object) };
  const query = useEndpointQuery(adminSearchMembers, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="members">
      <Input.Search
        allowClear
        enterButton={t('console.common.search')}
        placeholder={t('console.members.searchPlaceholder')}
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
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: adminSearchMembers, query: filters }}
        toolbar={
          <Segmented
            aria-label={t('console.common.status')}
            value={status}
            onChange={(v) => {
              setStatus(String(v));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={[{ value: 'all', label: t('console.common.all') }, ...MEMBER_STATUSES.map((s) => ({ value: s, label: t(`console.status.${s}`) }))]}
            data-testid="member-status"
          />
        }
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        // Each column keeps a readable width and its values whole on one line (cut with the whole text as
        // a title when longer); a narrow window scrolls the table sideways instead of breaking them mid-word.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('console.common.id'), dataIndex: 'id', width: 80, sorter: true },
          { title: t('console.members.userName'), dataIndex: 'user_name', width: 150, ellipsis: true, sorter: true },
          { title: t('console.members.nickname'), dataIndex: 'nickname', width: 150, ellipsis: true },
          { title: t('console.members.mobile'), key: 'mobile', width: 170, ellipsis: true, render: (_, r) => phoneOf(r) ?? '—' },
          { title: t('console.members.email'), dataIndex: 'email', width: 230, ellipsis: true },
          { title: t('console.members.inviteCode'), dataIndex: 'invite_code', width: 120, ellipsis: true },
          { title: t('console.members.joined'), dataIndex: 'created_at', width: 170, ellipsis: true, sorter: true, render: (v: string) => formatCellDate(v) },
          { title: t('console.common.status'), dataIndex: 'status', width: 110, sorter: true, render: (s: string) => <StatusTag status={s} /> },
          actionsColumn(t, { key: 'a', width: 110, render: (_, r) => <Button size="small" onClick={() => setOpen(r.id)} data-testid={`member-${r.id}`}>{t('console.common.details')}</Button> }),
        ]}
      />
      <ModalDrawer open={open !== null} size={760} title={t('console.common.details')} onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <Profile id={open} parts={parts} />}
      </ModalDrawer>
    </Space>
  );
}
