import type { EndpointData } from '@shop/contract/common';
import { Alert, Button, Space, Tag } from 'antd';
import type { OperatorRole } from '@shop/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { DecisionModal } from '../../components/DecisionModal';
import { SetupLinkModal, type SetupLink } from '../../components/SetupLinkModal';
import { QueryTable } from '../../components/QueryTable';
import { useOperator } from '../../lib/operator';
import { call } from '../../lib/request';
import { formatCellDate, formatDate } from '../../lib/format';
import { approvalText } from '../../lib/approvals';
import { createOperatorRoute, operatorResetRoute, operatorRoleRoute, operatorSignInLinkRoute, operatorStatusRoute, operatorsRoute } from '../../lib/routes-settings';
import { approvalsRoute } from '../../lib/routes-money';

// The roles in the order the contract lists them (a type-only import keeps the contract's schemas out of the page).
const OPERATOR_ROLES: readonly OperatorRole[] = ['owner', 'finance', 'support', 'catalogue', 'reviewer'];

type Row = EndpointData<typeof operatorsRoute>['list'][number];

/**
 * A user name and a date stay whole on one line (never "p7revi/ewer" or a date over three lines in a
 * narrow Thai column): the table's break-anywhere is for long words someone typed, not for these.
 */
const ONE_LINE = () => ({ style: { whiteSpace: 'nowrap' } as const });
type Act = { kind: 'create' } | { kind: 'status' | 'role' | 'reset' | 'link'; row: Row };

/**
 * Operators and their roles (owner only): create with a one-time setup link, disable, change role, reset the authenticator,
 * give a new sign-in link (a forgotten password, an expired link). A role that approves money (owner, finance) is asked of
 * another owner instead, as is a sign-in link for an operator holding one: the page says so, with the request's number.
 */
export default function Operators() {
  const { t } = useTranslation();
  const me = useOperator();
  const query = useEndpointQuery(operatorsRoute, undefined);
  // Grants of a money role waiting for another owner: said here too, not only in the approvals queue.
  const waiting = useEndpointQuery(approvalsRoute, { status: 'pending', kind: 'operator.grant', page: 1, limit: 50 });
  const [act, setAct] = useState<Act | null>(null);
  // The one-time link to show, and whether it is a new operator's or a new sign-in link.
  const [link, setLink] = useState<(SetupLink & { signIn?: boolean }) | null>(null);
  const roles = OPERATOR_ROLES.map((r) => ({ value: r, label: t(`console.app.roles.${r}`) }));
  const reason = { name: 'reason', label: t('console.common.reason'), required: true, multiline: true };

  const dialog = (() => {
    if (!act) return null;
    if (act.kind === 'create') {
      return {
        title: t('console.settings.operators.create'),
        question: t('console.settings.operators.moneyRoleHint'),
        waitingText: (id: number) => t('console.settings.operators.sentToOwner', { id }),
        fields: [{ name: 'user_name', label: t('console.settings.operators.userName'), required: true, requiredMessage: t('console.auth.required') }, { name: 'role', label: t('console.settings.operators.role'), required: true, requiredMessage: t('console.auth.required'), options: roles }, reason],
        send: async (v: Record<string, string>, key: string) => {
          const created = await call(createOperatorRoute, { user_name: v.user_name ?? '', role: v.role as OperatorRole, reason: v.reason ?? '' }, { idempotencyKey: key });
          // Made at once: its link now. Asked of another owner: the dialog says so, and the link goes to that owner.
          if (created.setup_path !== null && created.expires_at !== null) setLink({ setup_path: created.setup_path, expires_at: created.expires_at });
          return created;
        },
      };
    }
    const { row } = act;
    if (act.kind === 'status') {
      const active = row.status !== 'active';
      return {
        title: `${active ? t('console.settings.operators.enable') : t('console.settings.operators.disable')} · ${row.user_name}`,
        question: active ? t('console.settings.operators.enableQuestion') : t('console.settings.operators.disableQuestion'),
        danger: !active,
        // Disabling an owner, or letting a disabled owner or finance operator back, waits for another owner.
        waitingText: (id: number) => t(active ? 'console.settings.operators.enableSentToOwner' : 'console.settings.operators.ownerRemovalSent', { id }),
        fields: [reason],
        send: (v: Record<string, string>, key: string) => call(operatorStatusRoute, { id: row.id, active, reason: v.reason ?? '' }, { idempotencyKey: key }),
      };
    }
    if (act.kind === 'role') {
      return {
        title: `${t('console.settings.operators.changeRole')} · ${row.user_name}`,
        question: `${t('console.settings.operators.roleQuestion')} ${t('console.settings.operators.moneyRoleHint')}`,
        // An owner given another role, like a role that approves money given, waits for another owner.
        waitingText: (id: number) => t(row.role === 'owner' ? 'console.settings.operators.ownerRemovalSent' : 'console.settings.operators.roleSentToOwner', { id }),
        fields: [{ name: 'role', label: t('console.settings.operators.role'), required: true, requiredMessage: t('console.auth.required'), options: roles.filter((r) => r.value !== row.role) }, reason],
        send: (v: Record<string, string>, key: string) => call(operatorRoleRoute, { id: row.id, role: v.role as OperatorRole, reason: v.reason ?? '' }, { idempotencyKey: key }),
      };
    }
    if (act.kind === 'link') {
      return {
        title: `${t('console.settings.operators.signInLink')} · ${row.user_name}`,
        question: t('console.settings.operators.signInLinkQuestion'),
        danger: true,
        waitingText: (id: number) => t('console.settings.operators.signInLinkSentToOwner', { id }),
        fields: [reason],
        send: async (v: Record<string, string>, key: string) => {
          const issued = await call(operatorSignInLinkRoute, { id: row.id, reason: v.reason ?? '' }, { idempotencyKey: key });
          // Issued at once: shown now, once. Asked of another owner: the dialog says so, and the link goes to that owner.
          if (issued.setup_path !== null && issued.expires_at !== null) setLink({ setup_path: issued.setup_path, expires_at: issued.expires_at, signIn: true });
          return issued;
        },
      };
    }
    return {
      title: `${t('console.settings.operators.resetTotp')} · ${row.user_name}`,
      question: t('console.settings.operators.resetQuestion'),
      danger: true,
      fields: [reason],
      send: (v: Record<string, string>, key: string) => call(operatorResetRoute, { id: row.id, reason: v.reason ?? '' }, { idempotencyKey: key }),
    };
  })();

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setAct({ kind: 'create' })} data-testid="new-operator">
        {t('console.settings.operators.create')}
      </Button>
      {!!waiting.data?.list.length && (
        <Alert
          type="info"
          showIcon
          data-testid="waiting-grants"
          title={t('console.settings.operators.waitingGrants')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {waiting.data.list.map((r) => (
                <li key={r.id}>{t('console.settings.operators.waitingGrant', { id: r.id, summary: approvalText(t, r), who: actorText(t, r.requested_by), at: formatDate(r.requested_at) })}</li>
              ))}
            </ul>
          }
        />
      )}
      <QueryTable<Row>
        query={query}
        columns={[
          { title: t('console.settings.operators.userName'), dataIndex: 'user_name', onCell: ONE_LINE, render: (n: string, r) => (r.id === me.data?.id ? `${n} (${t('console.settings.operators.you')})` : n) },
          { title: t('console.settings.operators.role'), dataIndex: 'role', render: (r: string) => t(`console.app.roles.${r}`) },
          {
            title: t('console.settings.operators.status'),
            dataIndex: 'status',
            render: (s: string, r) => (
              <>
                <Tag color={s === 'active' ? 'green' : 'default'}>{t(`console.settings.operators.${s}`)}</Tag>
                {/* The password is not set yet: the operator has a setup link to use (or needs a new one). */}
                {r.pending_setup && <Tag color="orange" data-testid="pending-setup">{t('console.settings.operators.pendingSetup')}</Tag>}
              </>
            ),
          },
          { title: t('console.settings.operators.totp'), dataIndex: 'totp_bound', render: (b: boolean) => (b ? t('console.settings.operators.bound') : t('console.settings.operators.notBound')) },
          { title: t('console.settings.operators.lastSignIn'), dataIndex: 'last_sign_in_at', onCell: ONE_LINE, render: (v: string | null) => formatCellDate(v) },
          { title: t('console.settings.operators.createdBy'), dataIndex: 'created_by', onCell: ONE_LINE },
          {
            title: t('console.common.actions'),
            key: 'a',
            render: (_, r) =>
              r.id === me.data?.id ? null : (
                <Space wrap>
                  <Button size="small" danger={r.status === 'active'} onClick={() => setAct({ kind: 'status', row: r })}>
                    {r.status === 'active' ? t('console.settings.operators.disable') : t('console.settings.operators.enable')}
                  </Button>
                  <Button size="small" onClick={() => setAct({ kind: 'role', row: r })}>{t('console.settings.operators.changeRole')}</Button>
                  {r.totp_bound && <Button size="small" onClick={() => setAct({ kind: 'reset', row: r })}>{t('console.settings.operators.resetTotp')}</Button>}
                  <Button size="small" onClick={() => setAct({ kind: 'link', row: r })} data-testid="sign-in-link">{t('console.settings.operators.signInLink')}</Button>
                </Space>
              ),
          },
        ]}
      />
      {dialog && (
        <DecisionModal open title={dialog.title} question={dialog.question} okText={dialog.title.split(' · ')[0]!} danger={dialog.danger} fields={dialog.fields} send={dialog.send} waitingText={dialog.waitingText} invalidates={[operatorsRoute, approvalsRoute]} onClose={() => setAct(null)} />
      )}
      <SetupLinkModal
        link={link}
        title={link?.signIn ? t('console.settings.operators.signInLink') : t('console.settings.operators.create')}
        message={t(link?.signIn ? 'console.settings.operators.signInLinkIssued' : 'console.settings.operators.created', { until: formatDate(link?.expires_at ?? null) })}
        onClose={() => setLink(null)}
      />
    </Space>
  );
}
