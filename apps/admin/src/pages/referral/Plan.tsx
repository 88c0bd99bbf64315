import { Alert, Button, Card, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { ControlRow } from '../../components/ControlRow';
import { FramedTable } from '../../components/QueryTable';
import { commissionTotalProblem, ResponseCode, type EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { actorText } from '../../lib/actors';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { refusedFieldsOf } from '../../lib/form';
import { useCan } from '../../lib/operator';
import { amountText, parseAmount, parsePercent, percentOf } from '../../lib/money';
import { ApiError } from '../../lib/request';
import { referralPlanRoute, setReferralPlanRoute } from '../../lib/routes-referral';
import HouseCode from './HouseCode';

type Plan = Omit<EndpointData<typeof referralPlanRoute>, 'updated_at' | 'updated_by'>;
type Typed = 'money' | 'percent';
/** The plan's numbers in the order shown: money is typed in the bonus currency and rates as percentages, sent as minor units and basis points. */
const NUMBERS = [
  ['placement_deadline_days', 'count'],
  ['pair_unit_pv', 'count'],
  ['pair_rate_bp', 'percent'],
  ['pv_value_minor', 'money'],
  ['default_daily_cap_minor', 'money'],
  ['commission_levels', 'count'],
  ['level1_rate_bp', 'percent'],
  ['level2_rate_bp', 'percent'],
  ['level3_rate_bp', 'percent'],
] as const;
const STAR_FIELDS = ['personal_pv', 'direct_members', 'weak_leg_pv', 'directs_at_star', 'directs_at_star_count'] as const;

/** A value of the wire as the operator reads and edits it ("300.00", "5.00"). */
const textOf = (kind: Typed, v: number, currency: string): string => (kind === 'money' ? amountText(v, currency) : percentOf(v));
/** What the operator typed, back in minor units or basis points; undefined when empty or refused (more decimals than the currency has …). */
const valueOf = (kind: Typed, text: string | null, currency: string): number | undefined => (kind === 'money' ? parseAmount(text, currency) : parsePercent(text));

/** The plan's settings and the star ladder; a change is a request a second operator approves. Read-only to a role that may not ask for one. */
export default function ReferralPlan() {
  const { t } = useTranslation();
  // Asking for a change takes the permission of the API's call (the owner's); the other roles read the plan.
  const write = useCan()('referral.settings');
  const query = useEndpointQuery(referralPlanRoute, undefined);
  // One key per plan asked (useEndpointMutation's own): a request corrected after a refusal is a new one.
  const save = useEndpointMutation(setReferralPlanRoute, { invalidates: [referralPlanRoute] });
  const [draft, setDraft] = useState<Partial<Plan>>({});
  // Money and percentages as typed (by field, `star-<row>` for a star's daily cap), read in the bonus currency when sent.
  const [typed, setTyped] = useState<Record<string, string | null>>({});
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
    // A refusal was of the plan as sent: an edit answers it.
    if (save.error) save.reset();
  };
  const setStar = (i: number, f: (typeof STAR_FIELDS)[number], v: number) => edit({ ...draft, stars: plan.stars.map((s, j) => (j === i ? { ...s, [f]: v } : s)) });
  const currency = plan.bonus_currency;
  const type = (at: string, text: string | null) => {
    setBase((b) => b ?? loadedAt);
    setTyped({ ...typed, [at]: text });
    if (save.error) save.reset();
  };
  const shown = (at: string, kind: Typed, v: number) => (at in typed ? typed[at] : textOf(kind, v, currency));
  const read = (at: string, kind: Typed, v: number) => (at in typed ? valueOf(kind, typed[at] ?? null, currency) : v);
  // The plan as sent: what was typed as money or a percentage, on the wire; incomplete while any of it is refused.
  const body: Plan = { ...plan, stars: plan.stars.map((s, i) => ({ ...s, daily_cap: read(`star-${i}`, 'money', s.daily_cap) ?? Number.NaN })) };
  for (const [f, kind] of NUMBERS) if (kind !== 'count') body[f] = read(f, kind, plan[f]) ?? Number.NaN;
  const complete = NUMBERS.every(([f]) => Number.isFinite(body[f])) && body.stars.every((s) => Number.isFinite(s.daily_cap));
  // The levels paid may pay so much together (the contract's one rule, the API's too): said under the last level paid, nothing sent.
  const overpaid = complete ? commissionTotalProblem(body) : undefined;
  // A refusal the API named a field for is said under that field; any other above the form.
  const refusedByApi = refusedFieldsOf(save.error);
  const refusal = (f: string): string | undefined =>
    overpaid?.field === f ? t('console.referral.plan.commissionTotal', { total: overpaid.total_percent, max: overpaid.max_percent }) : refusedByApi.find((r) => r.field === f)?.msg;
  const shownUnderFields = refusedByApi.some((r) => NUMBERS.some(([f]) => f === r.field));
  // Money says its currency and a rate its percent sign beside what is typed (the labels are the approvals list's too, which shows money with its currency).
  const input = (at: string, kind: Typed, v: number, testId: string, name?: string) => (
    <InputNumber<string> id={name ? undefined : testId} aria-label={name} stringMode min="0" disabled={!write} value={shown(at, kind, v)} onChange={(x) => type(at, x)} suffix={kind === 'money' ? currency : '%'} status={read(at, kind, v) === undefined || refusal(at) ? 'error' : undefined} aria-invalid={refusal(at) ? true : undefined} aria-describedby={refusal(at) ? `${testId}-refusal` : undefined} style={{ width: 160, maxWidth: '100%' }} data-testid={testId} />
  );
  const submit = () =>
    save.mutateAsync({ ...body, base_updated_at: base ?? loadedAt, reason }).then(
      (r) => {
        setWaiting(r.request_id);
        setDraft({});
        setTyped({});
        setBase(undefined);
        setReason('');
      },
      () => {},
    );
  // Changed by someone else since the edits began: start again from the plan as it is now.
  const stale = save.error instanceof ApiError && save.error.code === ResponseCode.referralPlanChanged;
  const reload = () => {
    setDraft({});
    setTyped({});
    setBase(undefined);
    save.reset();
    void query.refetch();
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {save.error && !shownUnderFields && (
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
      <Card size="small" title={t('console.referral.plan.title')} extra={t('console.referral.plan.updated', { by: actorText(t, query.data.updated_by) })}>
        <Space wrap>
          {NUMBERS.map(([f, kind]) => (
            <span key={f} style={{ display: 'inline-flex', flexDirection: 'column' }}>
              {/* Beside its field, not around it: a wrapping label would add the stepper's buttons to the field's name. */}
              <span>
                <label htmlFor={`plan-${f}`}>{t(`console.referral.plan.${f}`)}</label>{' '}
                {kind === 'count' ? <InputNumber id={`plan-${f}`} min={0} disabled={!write} value={plan[f]} onChange={(v) => edit({ ...draft, [f]: v ?? 0 })} status={refusal(f) ? 'error' : undefined} data-testid={`plan-${f}`} /> : input(f, kind, plan[f], `plan-${f}`)}
              </span>
              {refusal(f) && (
                <Typography.Text type="danger" role="alert" id={`plan-${f}-refusal`} style={{ maxWidth: 320 }}>
                  {refusal(f)}
                </Typography.Text>
              )}
            </span>
          ))}
          <span>
            <label htmlFor="plan-bonus_currency">{t('console.referral.plan.bonus_currency')}</label> <Input id="plan-bonus_currency" disabled={!write} value={plan.bonus_currency} onChange={(e) => edit({ ...draft, bonus_currency: e.target.value.toUpperCase().slice(0, 3) })} style={{ width: 80, maxWidth: '100%' }} />
          </span>
          <span>
            <label htmlFor="plan-time_zone">{t('console.referral.plan.time_zone')}</label> <Input id="plan-time_zone" disabled={!write} value={plan.time_zone} onChange={(e) => edit({ ...draft, time_zone: e.target.value })} style={{ width: 200, maxWidth: '100%' }} />
          </span>
          <span>
            <label htmlFor="plan-keep_star">{t('console.referral.plan.keep_star')}</label> <Switch id="plan-keep_star" disabled={!write} checked={plan.keep_star} onChange={(v) => edit({ ...draft, keep_star: v })} />
          </span>
        </Space>
      </Card>
      <Card size="small" title={t('console.referral.plan.stars')}>
        <FramedTable
          size="small"
          rowKey="star"
          pagination={false}
          // Wider than a narrow (or zoomed) window: the ladder scrolls sideways in its own frame, not the page.
          scroll={{ x: 'max-content' }}
          data-testid="plan-stars"
          dataSource={plan.stars}
          columns={[
            { title: t('console.referral.plan.star'), dataIndex: 'star' },
            // Each number named by its star and column ("Star 2 · Personal PV"): a screen reader otherwise reads only the value.
            ...STAR_FIELDS.map((f) => ({ title: t(`console.referral.plan.${f}`), key: f, render: (_: unknown, s: Plan['stars'][number], i: number) => <InputNumber aria-label={t('console.referral.plan.starCell', { star: s.star, column: t(`console.referral.plan.${f}`) })} min={0} disabled={!write} value={s[f]} onChange={(v) => setStar(i, f, v ?? 0)} /> })),
            { title: t('console.referral.plan.daily_cap'), key: 'daily_cap', render: (_: unknown, s: Plan['stars'][number], i: number) => input(`star-${i}`, 'money', s.daily_cap, `plan-star-${s.star}-daily_cap`, t('console.referral.plan.starCell', { star: s.star, column: t('console.referral.plan.daily_cap') })) },
          ]}
        />
      </Card>
      {write && (
        <ControlRow>
          <Input placeholder={t('console.common.reason')} value={reason} onChange={(e) => setReason(e.target.value)} style={{ width: 360, maxWidth: '100%' }} />
          <Button type="primary" disabled={!reason.trim() || !complete || overpaid !== undefined} loading={save.isPending} onClick={() => void submit()}>
            {t('console.referral.plan.ask')}
          </Button>
        </ControlRow>
      )}
    </Space>
  );
}
