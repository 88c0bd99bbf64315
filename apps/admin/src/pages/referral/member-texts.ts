import type { EndpointData } from '@shop/contract/common';
import type { TFunction } from 'i18next';
import { showAmount } from '../../lib/money';
import type { referralMemberRoute } from '../../lib/routes-referral';

type Member = EndpointData<typeof referralMemberRoute>;

/** Where a member is placed, in words: the root of the tree, or under whom on which side. */
export const placementText = (t: TFunction, p: NonNullable<Member['placement']>): string =>
  p.parent_id === null ? t('console.referral.member.root') : t('console.referral.member.placedUnder', { parent: p.parent_id, side: t(`console.referral.side.${p.side ?? 'L'}`) });

/** The same with who placed the member (the sponsor, the deadline's job, an operator). */
export const placedHowText = (t: TFunction, p: NonNullable<Member['placement']>): string =>
  p.parent_id === null ? placementText(t, p) : `${placementText(t, p)} · ${t(`console.referral.placedHow.${p.how}`, { defaultValue: p.how })}`;

/** A member's commissions in one state: money in its currency, the state as the commissions list names it. */
export const commissionText = (t: TFunction, c: Member['commissions'][number]): string =>
  `${showAmount(c.amount, c.currency)} · ${t(`console.referral.commissionStatus.${c.status}`, { defaultValue: c.status })}`;

/** A role the member holds or held, with its state, as the applications queue names roles. */
export const roleText = (t: TFunction, r: Member['roles'][number]): string =>
  t('console.referral.member.role', { kind: t(`console.referral.kind.${r.kind}`), status: t(`console.referral.roleStatus.${r.status}`) });
