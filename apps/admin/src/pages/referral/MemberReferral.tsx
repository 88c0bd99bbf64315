import { Alert, Button, Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatNumber } from '../../lib/format';
import { referralMemberRoute } from '../../lib/routes-referral';
import { placementText } from './member-texts';

/** A member's referral figures on the member's profile: sponsor, placement, star, legs, team size, and the way to the tree browser. */
export function MemberReferral({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useEndpointQuery(referralMemberRoute, { member_id: memberId });
  const title = t('console.referral.member.section');
  if (q.isError)
    return (
      <Card size="small" title={title}>
        <Alert type="error" showIcon title={q.error.message} action={<Button onClick={() => void q.refetch()}>{t('console.common.retry')}</Button>} />
      </Card>
    );
  if (!q.data)
    return (
      <Card size="small" title={title}>
        <Skeleton active />
      </Card>
    );
  const m = q.data;
  const sponsor = m.sponsors[0];
  const p = m.placement;
  const leg = (i: 0 | 1) => {
    const l = m.legs[i] ?? { members: 0, pv_total: 0, carry: 0 };
    return t('console.referral.member.leg', { members: formatNumber(l.members), pv: formatNumber(l.pv_total), carry: formatNumber(l.carry) });
  };
  return (
    <Card
      size="small"
      title={title}
      data-testid="member-referral"
      extra={
        p && (
          <Button size="small" onClick={() => navigate(`/referral/tree?root=${m.member_id}`)} data-testid="member-referral-tree">
            {t('console.referral.member.openTree')}
          </Button>
        )
      }
    >
      <Descriptions
        column={2}
        bordered
        size="small"
        items={[
          { key: 'sp', label: t('console.referral.member.sponsor'), children: sponsor ? `${sponsor.user_name} (#${sponsor.id})` : '—' },
          { key: 'st', label: t('console.referral.member.star'), children: <span data-testid="member-referral-star">{m.star}</span> },
          {
            key: 'pl',
            label: t('console.referral.member.placement'),
            children: p ? placementText(t, p) : t('console.referral.member.unplaced'),
          },
          { key: 'pv', label: t('console.referral.member.personalPv'), children: formatNumber(m.personal_pv) },
          { key: 'l', label: t('console.referral.side.L'), children: <span data-testid="member-referral-left">{leg(0)}</span> },
          { key: 'r', label: t('console.referral.side.R'), children: <span data-testid="member-referral-right">{leg(1)}</span> },
          { key: 'tm', label: t('console.referral.member.team'), children: <span data-testid="member-referral-team">{t('console.referral.member.teamSize', { direct: formatNumber(m.direct_count), team: formatNumber(m.team_count) })}</span> },
        ]}
      />
    </Card>
  );
}
