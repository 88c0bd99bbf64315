import type { ApprovalRequest, LimitKind } from '@shop/contract/admin';
import type { EndpointData } from '@shop/contract/common';
import { LIMIT_KINDS } from '@shop/contract/admin';
import { Button, Card, Descriptions, Empty, Pagination, Space, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { useCan, useOperator } from '../../lib/operator';
import { DecisionModal } from '../../components/DecisionModal';
import { SetupLinkModal, type SetupLink } from '../../components/SetupLinkModal';
import { ApprovalWhat } from './ApprovalWhat';
import { FramedTable, actionsColumn, fittedWidth, QueryTable } from '../../components/QueryTable';
import { QueryError } from '../../components/QueryError';
import { StateTabs } from '../../components/StateTabs';
import { Stacked, twoFacts, When } from '../../components/QueueColumns';
import { useNarrowWindow } from '../../lib/narrow-window';
import { call } from '../../lib/request';
import { useSearchChoice } from '../../lib/url-state';
import { formatCellDate, formatDate } from '../../lib/format';
import { amountOf as typedAmount, showAmount } from '../../lib/money';
import { rechargesRoute } from '../../lib/routes';
import { operatorsRoute } from '../../lib/routes-settings';
import { couponsRoute } from '../../lib/routes-catalogue';
import { approvalLimitsRoute, approvalsRoute, cancelApprovalRoute, collectionAccountsRoute, cryptoPoolRoute, decideApprovalRoute, memberPostingAnswers, ratesRoute, setApprovalLimitRoute } from '../../lib/routes-money';

type Status = ApprovalRequest['status'];
const COLORS: Record<Status, string> = { pending: 'gold', approved: 'green', rejected: 'red', cancelled: 'default' };
const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const satisfies readonly Status[];
/** What approving a request may change: balances and the ledger, top-ups, coupons, rates, operators, where members send money. */
const decidedAnswers = [approvalsRoute, ...memberPostingAnswers, rechargesRoute, couponsRoute, ratesRoute, operatorsRoute, collectionAccountsRoute, cryptoPoolRoute];

const amountOf = (r: { amount: number | null; currency: string }) => (r.amount === null ? '—' : showAmount(r.amount, r.currency));

/** The member who receives the value: name and number, or a dash. */
const memberOf = (r: ApprovalRequest) => (r.member_id === null ? '—' : `${r.member_name ?? ''} (#${r.member_id})`);
/** Who decided and when: "Within the limit" when it was done at once, a dash while it waits. */
const decidedOf = (t: TFunction, r: ApprovalRequest) =>
  r.automatic ? t('console.money.adjust.withinLimit') : r.decided_by === null ? '—' : `${actorText(t, r.decided_by)} · ${formatCellDate(r.decided_at)}`;

/** One fact on one line, cut with "…" when longer than its column, whole on hover. */
function Line({ text, secondary = false, strong = false }: { text: string; secondary?: boolean; strong?: boolean }) {
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} strong={strong} title={text} style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {text}
    </Typography.Text>
  );
}

/**
 * The requests in a narrow window (below 992 px): one card each, its amount and what it asks for first,
 * then the member, the reason and who asked and decided, and its buttons last, so nothing is approved
 * unseen and nothing needs scrolling sideways.
 */
function ApprovalCards({ query, paging, onPage, actions }: {
  query: UseQueryResult<{ list: ApprovalRequest[]; total: number }>;
  paging: { page: number; limit: number };
  onPage: (page: number, limit: number) => void;
  actions: (r: ApprovalRequest) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <QueryError error={query.error} retry={query.refetch} />;
  const rows = query.data?.list ?? [];
  return (
    <Spin spinning={query.isFetching}>
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {rows.length === 0 && !query.isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.common.empty')} />}
        {rows.map((r) => (
          <Card
            key={r.id}
            size="small"
            data-testid={`approval-card-${r.id}`}
            title={<Line text={`#${r.id} · ${t(`console.money.approvals.kinds.${r.kind}`)}`} />}
            extra={<Tag color={COLORS[r.status]}>{t(`console.money.approvals.status.${r.status}`)}</Tag>}
          >
            <Typography.Text strong style={{ display: 'block', fontSize: 16 }}>{amountOf(r)}</Typography.Text>
            <div style={{ marginBottom: 8 }}>
              <ApprovalWhat request={r} />
            </div>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'm', label: t('console.common.member'), children: memberOf(r) },
                { key: 'r', label: t('console.common.reason'), children: r.reason },
                { key: 'by', label: t('console.money.adjust.requestedBy'), children: `${actorText(t, r.requested_by)} · ${formatDate(r.requested_at)}` },
                ...(r.status === 'pending' ? [] : [{ key: 'd', label: t('console.money.adjust.decidedBy'), children: decidedOf(t, r) }]),
                ...(r.decision_reason && !r.automatic ? [{ key: 'dr', label: t('console.money.adjust.decisionReason'), children: r.decision_reason }] : []),
              ]}
            />
            {r.status === 'pending' && <div style={{ marginTop: 8 }}>{actions(r)}</div>}
          </Card>
        ))}
        <Pagination
          align="end"
          current={paging.page}
          pageSize={paging.limit}
          total={query.data?.total ?? 0}
          hideOnSinglePage
          showSizeChanger
          pageSizeOptions={[10, 20, 50, 100]}
          onChange={onPage}
        />
      </Space>
    </Spin>
  );
}

type Limit = EndpointData<typeof approvalLimitsRoute>['list'][number];

/** A text that wraps in a right-aligned column, whose cells otherwise keep their values on one line. */
const Wrapping = ({ text }: { text: string }) => <div style={{ whiteSpace: 'normal' }}>{text}</div>;

/** The owner's thresholds (done at once up to it; for payouts, one approver up to it) and each operator's daily limit. */
function Limits() {
  const { t } = useTranslation();
  const can = useCan();
  // The table as it was when the form was opened (null: closed): a save names its version of the pair it sets.
  const [opened, setOpened] = useState<ReadonlyArray<{ kind: string; currency: string; updated_at: string }> | null>(null);
  const query = useEndpointQuery(approvalLimitsRoute, undefined);
  const setting = opened !== null;
  const setSetting = (on: boolean) => setOpened(on ? (query.data?.list ?? []) : null);
  // The default row `*` is USD, converted at the day's rate into each currency without its own row.
  const money = (v: number, currency: string) => (currency === '*' ? t('console.money.approvals.anyCurrencyAmount', { amount: showAmount(v, 'USD') }) : showAmount(v, currency));
  const limit = (v: number | null, currency: string) => (v === null ? t('console.money.approvals.never') : money(v, currency));
  // Every column has its width, together 716 px: the room a 1024 px window leaves the card's table (with a
  // scrollbar); a wider window widens them. What a cell says wraps inside it (an amount stays whole, its
  // digits joined by no-break spaces), nothing is cut; who set a row and when share the last column.
  const limitColumns: TableColumnsType<Limit> = [
    { title: t('console.money.approvals.kind'), dataIndex: 'kind', width: 150, render: (k: LimitKind) => t(`console.money.approvals.kinds.${k}`) },
    { title: t('console.common.currency'), dataIndex: 'currency', width: 110, render: (c: string) => (c === '*' ? t('console.money.approvals.anyCurrency') : c) },
    { title: t('console.money.approvals.autoUpTo'), key: 'auto', width: 160, align: 'right', render: (_, l) => <Wrapping text={limit(l.auto_up_to, l.currency)} /> },
    { title: t('console.money.approvals.dailyLimit'), key: 'daily', width: 150, align: 'right', render: (_, l) => <Wrapping text={l.daily_limit === null ? '—' : money(l.daily_limit, l.currency)} /> },
    {
      title: twoFacts(t('console.money.adjust.updatedBy'), t('console.money.ledger.time')),
      key: 'set',
      width: 146,
      render: (_, l) => <Stacked first={actorText(t, l.updated_by)} second={<When at={l.updated_at} />} />,
    },
  ];
  return (
    <Card
      size="small"
      title={t('console.money.approvals.limits')}
      data-testid="approval-limits"
      extra={can('operators.manage') && <Button size="small" onClick={() => setSetting(true)} data-testid="set-approval-limit">{t('console.money.adjust.setLimit')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('console.money.approvals.limitsHint')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="any-currency-note">{t('console.money.approvals.anyCurrencyNote')}</Typography.Paragraph>
      <QueryTable<Limit>
        size="small"
        rowKey={(l) => `${l.kind}:${l.currency}`}
        query={query}
        scroll={{ x: fittedWidth(limitColumns) }}
        tableLayout="fixed"
        columns={limitColumns}
      />
      <DecisionModal
        open={setting}
        title={t('console.money.adjust.setLimit')}
        question={t('console.money.approvals.limitsHint')}
        okText={t('console.common.submit')}
        fields={[
          { name: 'kind', label: t('console.money.approvals.kind'), required: true, options: LIMIT_KINDS.map((k) => ({ value: k, label: t(`console.money.approvals.kinds.${k}`) })) },
          { name: 'currency', label: t('console.money.adjust.limitCurrency'), required: true, requiredMessage: t('console.money.adjust.currencyHint'), placeholder: t('console.money.approvals.currencyOrAny') },
          { name: 'auto_up_to', label: t('console.money.approvals.autoUpTo'), placeholder: t('console.money.approvals.emptyIsNever') },
          { name: 'daily_limit', label: t('console.money.approvals.dailyLimit'), placeholder: t('console.money.approvals.emptyIsNone') },
          { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
        ]}
        schema={() => import('@shop/contract/admin').then((m) => m.setApprovalLimitBody)}
        toBody={(v) => {
          const currency = (v.currency ?? '').trim().toUpperCase();
          // `*` (other currencies) is typed in USD; an amount the currency cannot hold is refused under its field.
          const minor = (text: string | undefined) => (text?.trim() ? typedAmount(text, currency === '*' ? 'USD' : currency) : null);
          const base_updated_at = opened?.find((l) => l.kind === v.kind && l.currency === currency)?.updated_at;
          return { kind: v.kind as LimitKind, currency, auto_up_to: minor(v.auto_up_to), daily_limit: minor(v.daily_limit), base_updated_at, reason: v.reason ?? '' };
        }}
        send={(_v, key, body) => call(setApprovalLimitRoute, body, { idempotencyKey: key })}
        invalidates={[approvalLimitsRoute]}
        onClose={() => setSetting(false)}
        // Refused as changed since it was opened: the limits read again, the form opened over them.
        onStale={() => void query.refetch().then((r) => setOpened(r.data?.list ?? []))}
      />
    </Card>
  );
}

/**
 * Requests for value (gift cards, points, a top-up credited, a coupon, a rate) and for operators with a
 * role that approves money, waiting for a second operator: each operator sees the kinds their role may
 * decide and the requests they asked themselves (any kind: a catalogue operator's PV raise too), approves
 * or rejects what others asked for, and withdraws their own. Approving a new operator
 * shows its setup link once, to the approver only.
 */
export default function Approvals() {
  const { t } = useTranslation();
  const me = useOperator();
  // The tab is kept in the address: a reload comes back to it.
  const [status, setStatus] = useSearchChoice<Status>('status', 'pending', APPROVAL_STATUSES);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [acting, setActing] = useState<{ row: ApprovalRequest; action: 'approve' | 'reject' | 'cancel' } | null>(null);
  const [link, setLink] = useState<(SetupLink & { signIn?: boolean }) | null>(null);
  const query = useEndpointQuery(approvalsRoute, { status, ...paging }, { placeholderData: keepPreviousData });
  const mine = (r: ApprovalRequest) => me.data !== undefined && r.requested_by === `${me.data.user_name}#${me.data.id}`;
  const narrow = useNarrowWindow();
  /** A waiting request's buttons: withdraw one's own, approve or reject another's (nothing once decided). */
  const actions = (r: ApprovalRequest) =>
    r.status !== 'pending' ? null : mine(r) ? (
      <Button size="small" onClick={() => setActing({ row: r, action: 'cancel' })} data-testid={`cancel-${r.id}`}>
        {t('console.money.approvals.withdraw')}
      </Button>
    ) : (
      <Space wrap>
        <Button size="small" type="primary" onClick={() => setActing({ row: r, action: 'approve' })} data-testid={`approve-${r.id}`}>
          {t('console.common.approve')}
        </Button>
        <Button size="small" danger onClick={() => setActing({ row: r, action: 'reject' })} data-testid={`reject-${r.id}`}>
          {t('console.common.reject')}
        </Button>
      </Space>
    );
  // Related facts share a column (the kind under the number, the state under the amount, the reason under the
  // member, the decision under the request), so the whole request fits 996 px, the room a 1280 px window
  // leaves (the menu, 221; the page's margins, 2 × 24; a scrollbar, 15). Only waiting requests have actions,
  // pinned to the right; a decided tab gives their room to what was asked and who decided it.
  const pending = status === 'pending';
  const columns: TableColumnsType<ApprovalRequest> = [
    { title: twoFacts(t('console.common.id'), t('console.money.approvals.kind')), key: 'request', width: 130, render: (_, r) => <Stacked whole first={r.id} second={t(`console.money.approvals.kinds.${r.kind}`)} /> },
    {
      title: twoFacts(t('console.common.amount'), t('console.common.status')),
      key: 'amount',
      width: 130,
      render: (_, r) => (
        <>
          <Line text={amountOf(r)} strong />
          <Tag color={COLORS[r.status]}>{t(`console.money.approvals.status.${r.status}`)}</Tag>
        </>
      ),
    },
    // Wide enough that a plan request's old → new lines stay readable.
    { title: t('console.money.approvals.what'), key: 'what', width: pending ? 250 : 300, render: (_, r) => <ApprovalWhat request={r} /> },
    {
      title: twoFacts(t('console.common.member'), t('console.common.reason')),
      key: 'member',
      width: pending ? 160 : 190,
      render: (_, r) => (
        <>
          <Line text={memberOf(r)} />
          <Line text={r.reason} secondary />
        </>
      ),
    },
    pending
      ? {
          title: t('console.money.adjust.requestedBy'),
          key: 'by',
          width: 150,
          render: (_, r) => (
            <>
              <Line text={actorText(t, r.requested_by)} />
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                <When at={r.requested_at} />
              </Typography.Text>
            </>
          ),
        }
      : {
          title: twoFacts(t('console.money.adjust.requestedBy'), t('console.money.adjust.decidedBy')),
          key: 'by',
          width: 230,
          render: (_, r) => (
            <>
              <Line text={`${actorText(t, r.requested_by)} · ${formatDate(r.requested_at)}`} />
              <Line text={decidedOf(t, r)} secondary />
              {/* Done at once, its reason is the threshold's: "Within the limit" says it. */}
              {r.decision_reason && !r.automatic && <Line text={r.decision_reason} secondary />}
            </>
          ),
        },
    ...(pending ? [actionsColumn<ApprovalRequest>(t, { key: 'act', width: 170, render: (_, r) => actions(r) })] : []),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="approvals">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('console.money.approvals.hint')}</Typography.Paragraph>
      {/* The states wrap onto another row in a narrow window (longer words in Hungarian), never past its edge. */}
      <StateTabs
        label={t('console.common.status')}
        value={status}
        onChange={(s) => {
          setStatus(s as Status);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`console.money.approvals.status.${s}`) }))}
      />
      {narrow ? (
        <ApprovalCards query={query} paging={paging} onPage={(page, limit) => setPaging({ page, limit })} actions={actions} />
      ) : (
        <QueryTable<ApprovalRequest>
          query={query}
          paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
          // Every column has its width and the table is as wide as they are: it fits the room a 1280 px window
          // leaves; narrower, it scrolls in its frame beneath the pinned actions. Long texts are cut on one line, whole on hover.
          scroll={{ x: fittedWidth(columns) }}
          tableLayout="fixed"
          columns={columns}
        />
      )}
      <Limits />
      {acting && (
        <DecisionModal
          open
          title={acting.action === 'cancel' ? t('console.money.approvals.withdraw') : acting.action === 'approve' ? t('console.common.approve') : t('console.common.reject')}
          question={
            <>
              {t(`console.money.approvals.${acting.action}Question`)}
              <FramedTable
                style={{ marginTop: 12 }}
                size="small"
                pagination={false}
                showHeader={false}
                rowKey="k"
                dataSource={[
                  { k: acting.row.changes?.length ? t('console.money.approvals.changes') : t('console.money.approvals.what'), v: <ApprovalWhat request={acting.row} whole /> },
                  { k: t('console.common.member'), v: acting.row.member_id === null ? '—' : `${acting.row.member_name ?? ''} (#${acting.row.member_id})` },
                  { k: t('console.common.reason'), v: acting.row.reason },
                  { k: t('console.money.adjust.requestedBy'), v: actorText(t, acting.row.requested_by) },
                ]}
                columns={[{ dataIndex: 'k' }, { dataIndex: 'v' }]}
              />
            </>
          }
          okText={acting.action === 'cancel' ? t('console.money.approvals.withdraw') : acting.action === 'approve' ? t('console.common.approve') : t('console.common.reject')}
          danger={acting.action !== 'approve'}
          fields={[{ name: 'reason', label: t('console.common.reason'), required: acting.action === 'reject', multiline: true }]}
          schema={() => import('@shop/contract/admin').then((m) => (acting.action === 'cancel' ? m.approvalCancelBody : m.approvalDecisionBody))}
          toBody={(v) => (acting.action === 'cancel' ? { id: acting.row.id, reason: v.reason || undefined } : { id: acting.row.id, decision: acting.action, reason: v.reason || undefined })}
          send={(_v, key, body) =>
            acting.action === 'cancel'
              ? call(cancelApprovalRoute, body, { idempotencyKey: key })
              : call(decideApprovalRoute, body, { idempotencyKey: key }).then((decided) => {
                  if (decided.shown_once) setLink({ ...decided.shown_once, signIn: decided.what?.key === 'operator_link' });
                  return decided;
                })
          }
          invalidates={decidedAnswers}
          onClose={() => setActing(null)}
        />
      )}
      <SetupLinkModal
        link={link}
        title={link?.signIn ? t('console.money.approvals.signInLinkTitle') : t('console.money.approvals.setupLinkTitle')}
        message={t(link?.signIn ? 'console.money.approvals.signInLinkShown' : 'console.money.approvals.setupLinkShown', { until: formatDate(link?.expires_at ?? null) })}
        onClose={() => setLink(null)}
      />
    </Space>
  );
}
