import { Alert, Button, Card, Input, InputNumber, Space, Switch, Table } from 'antd';
import { ResponseCode, type EndpointData } from '@shop/contract/common';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { ApiError, newIdempotencyKey } from '../../lib/request';
import { referralPlanRoute, setReferralPlanRoute } from '../../lib/routes-referral';
import HouseCode from './HouseCode';

type Plan = Omit<EndpointData<typeof referralPlanRoute>, 'updated_at' | 'updated_by'>;
const NUMBERS = ['placement_deadline_days', 'pair_unit_pv', 'pair_rate_bp', 'pv_value_minor', 'default_daily_cap_minor', 'commission_levels', 'level1_rate_bp', 'level2_rate_bp', 'level3_rate_bp'] as const;
const STAR_FIELDS = ['personal_pv', 'direct_members', 'weak_leg_pv', 'directs_at_star', 'directs_at_star_count', 'daily_cap'] as const;

/** The plan's settings and the star ladder; a change is a request a second operator approves. */
export default function ReferralPlan() {
  const { t } = useTranslation();
  const query = useEndpointQuery(referralPlanRoute, undefined);
  const key = useRef(newIdempotencyKey());
  const save = useEndpointMutation(setReferralPlanRoute, { call: { idempotencyKey: key.current }, invalidates: [referralPlanRoute] });
  const [draft, setDraft] = useState<Partial<Plan>>({});
  // The plan the edits were started from: the request names it, so approving never undoes a change approved since.
  const [base, setBase] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [waiting, setWaiting] = useState<number | undefined>();
  if (query.isError) return <QueryError error={query.error} retry={() => query.refetch()} />;
  if (!query.data) return null;
  const { updated_at: loadedAt, updated_by: _by, ...saved } = query.data;
  const plan: Plan = { ...saved, ...draft };
  const edit = (next: Partial<Plan>) => {
    setBase((b) => b ?? loadedAt);
    setDraft(next);
  };
  const setStar = (i: number, f: (typeof STAR_FIELDS)[number], v: number) => edit({ ...draft, stars: plan.stars.map((s, j) => (j === i ? { ...s, [f]: v } : s)) });
  const submit = () =>
    save.mutateAsync({ ...plan, base_updated_at: base ?? loadedAt, reason }).then(
      (r) => {
        key.current = newIdempotencyKey();
        setWaiting(r.request_id);
        setDraft({});
        setBase(undefined);
        setReason('');
      },
      () => {},
    );
  // Changed by someone else since the edits began: start again from the plan as it is now.
  const stale = save.error instanceof ApiError && save.error.code === ResponseCode.referralPlanChanged;
  const reload = () => {
    setDraft({});
    setBase(undefined);
    save.reset();
    void query.refetch();
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {save.error && (
        <Alert
          type="error"
          title={save.error.message}
          showIcon
          action={stale ? <Button size="small" onClick={reload}>{t('console.common.refresh')}</Button> : undefined}
        />
      )}
      {waiting && <Alert type="info" title={t('console.referral.plan.waiting', { id: waiting })} showIcon />}
      {/* Changed at once (it decides who may join, not what anyone earns), so outside the approved plan. */}
      <HouseCode />
      <Card size="small" title={t('console.referral.plan.title')} extra={t('console.referral.plan.updated', { by: query.data.updated_by })}>
        <Space wrap>
          {NUMBERS.map((f) => (
            <label key={f}>
              {t(`console.referral.plan.${f}`)} <InputNumber min={0} value={plan[f]} onChange={(v) => edit({ ...draft, [f]: v ?? 0 })} data-testid={`plan-${f}`} />
            </label>
          ))}
          <label>
            {t('console.referral.plan.bonus_currency')} <Input value={plan.bonus_currency} onChange={(e) => edit({ ...draft, bonus_currency: e.target.value.toUpperCase().slice(0, 3) })} style={{ width: 80 }} />
          </label>
          <label>
            {t('console.referral.plan.time_zone')} <Input value={plan.time_zone} onChange={(e) => edit({ ...draft, time_zone: e.target.value })} style={{ width: 200 }} />
          </label>
          <label>
            {t('console.referral.plan.keep_star')} <Switch checked={plan.keep_star} onChange={(v) => edit({ ...draft, keep_star: v })} />
          </label>
        </Space>
      </Card>
      <Card size="small" title={t('console.referral.plan.stars')}>
        <Table
          size="small"
          rowKey="star"
          pagination={false}
          dataSource={plan.stars}
          columns={[
            { title: t('console.referral.plan.star'), dataIndex: 'star' },
            ...STAR_FIELDS.map((f) => ({ title: t(`console.referral.plan.${f}`), key: f, render: (_: unknown, s: Plan['stars'][number], i: number) => <InputNumber min={0} value={s[f]} onChange={(v) => setStar(i, f, v ?? 0)} /> })),
          ]}
        />
      </Card>
      <Space>
        <Input placeholder={t('console.common.reason')} value={reason} onChange={(e) => setReason(e.target.value)} style={{ width: 360 }} />
        <Button type="primary" disabled={!reason.trim()} loading={save.isPending} onClick={() => void submit()}>
          {t('console.referral.plan.ask')}
        </Button>
      </Space>
    </Space>
  );
}
