import { Alert, Button, Card, Descriptions, Input, Modal, Select, Space, Tree as AntTree } from 'antd';
import type { PlacementNode } from '@shop/contract/referral';
import type { DataNode } from 'antd/es/tree';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../components/QueryError';
import { StatusTag } from '../../components/StatusTag';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { moveSubtreeRoute, placementTreeRoute, referralMemberRoute } from '../../lib/routes-referral';
import { commissionText, placedHowText, roleText } from './member-texts';

/** A tree node as antd draws it: name, legs, and its empty slots. */
function toData(n: PlacementNode, t: TFunction): DataNode {
  const kids: DataNode[] = [];
  for (const side of ['L', 'R'] as const) {
    const c = n.children[side];
    if (c) kids.push(toData(c, t));
    else if (n.open.includes(side)) kids.push({ key: `${n.id}-${side}-open`, title: <em>{t('console.referral.tree.empty', { side: t(`console.referral.side.${side}`) })}</em>, isLeaf: true, selectable: false });
  }
  return {
    key: n.id,
    title: (
      <span data-node={n.id}>
        #{n.id} {n.nickname || n.user_name} · ★{n.star} · {t('console.referral.tree.legs', { l: n.left_count, r: n.right_count, lpv: n.left_pv, rpv: n.right_pv })}
        {n.has_more ? ' …' : ''}
        {n.member_status && <StatusTag status={n.member_status} />}
      </span>
    ),
    children: kids,
  };
}

/** The tree browser: from the root or a name, four levels; a member's figures; moving a subtree with a reason and a second confirmation (for a role that may). */
export default function ReferralTree() {
  const { t } = useTranslation();
  // Moving a subtree takes the permission of its API call; the other roles browse.
  const moves = useCan()('referral.move');
  // Opened from a member's profile (`?root=<id>`): that member's subtree, the member selected.
  const [params] = useSearchParams();
  const from = Number(params.get('root')) || undefined;
  const [rootId, setRootId] = useState<number | undefined>(from);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number | undefined>(from);
  const tree = useEndpointQuery(placementTreeRoute, { levels: 4, ...(rootId ? { root_id: rootId } : {}), ...(q ? { q } : {}) });
  const member = useEndpointQuery(referralMemberRoute, { member_id: selected ?? 0 }, { enabled: !!selected });
  const move = useEndpointMutation(moveSubtreeRoute, { invalidates: [placementTreeRoute, referralMemberRoute] });
  const [target, setTarget] = useState({ parent_id: '', side: 'L' as 'L' | 'R', reason: '' });
  const askMove = () => {
    if (!selected) return;
    Modal.confirm({
      title: t('console.referral.move.confirmTitle'),
      content: t('console.referral.move.confirm', { member: selected, parent: target.parent_id, side: t(`console.referral.side.${target.side}`) }),
      okText: t('console.referral.move.ok'),
      onOk: () =>
        move.mutateAsync({ member_id: selected, parent_id: Number(target.parent_id), side: target.side, reason: target.reason, confirm: true }).then(
          () => {
            setTarget({ parent_id: '', side: 'L', reason: '' });
          },
          () => {},
        ),
    });
  };
  if (tree.isError) return <QueryError error={tree.error} retry={() => tree.refetch()} />;
  const d = tree.data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search placeholder={t('console.referral.tree.search')} allowClear onSearch={(v) => setQ(v.trim())} style={{ width: 260, maxWidth: '100%' }} />
        <Button onClick={() => { setQ(''); setRootId(undefined); }}>{t('console.referral.tree.root')}</Button>
        {d?.up_id ? <Button onClick={() => { setQ(''); setRootId(d.up_id ?? undefined); }}>{t('console.referral.tree.up')}</Button> : null}
      </Space>
      <Card size="small" title={t('console.referral.tree.title')}>
        {d?.tree ? (
          <AntTree
            key={`${d.tree.id}-${q}`}
            defaultExpandAll
            treeData={[toData(d.tree, t)]}
            onSelect={(keys) => keys[0] !== undefined && setSelected(Number(keys[0]))}
            onDoubleClick={(_, node) => typeof node.key === 'number' && setRootId(node.key)}
          />
        ) : (
          <em>{t('console.referral.tree.none')}</em>
        )}
      </Card>
      {selected && member.data && (
        <Card size="small" title={t('console.referral.member.title', { id: selected })}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('console.referral.member.userName')}>{member.data.user_name}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.star')}>{member.data.star}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.sponsors')}>{member.data.sponsors.map((s) => `${s.user_name} (#${s.id})`).join(' ← ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.placement')}>{member.data.placement ? placedHowText(t, member.data.placement) : t('console.referral.member.unplaced')}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.legs')}>{member.data.legs.map((l) => `${l.members} / PV ${l.pv_total} / ${l.carry}`).join(' · ')}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.personalPv')}>{member.data.personal_pv}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.commissions')}>{member.data.commissions.map((c) => commissionText(t, c)).join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('console.referral.member.roles')}>{member.data.roles.map((r) => roleText(t, r)).join(', ') || '—'}</Descriptions.Item>
          </Descriptions>
          {moves && (
            <Space wrap style={{ marginTop: 12 }}>
              {move.error && <Alert type="error" title={move.error.message} showIcon />}
              <Input placeholder={t('console.referral.move.parent')} value={target.parent_id} onChange={(e) => setTarget({ ...target, parent_id: e.target.value.replace(/\D/g, '') })} style={{ width: 140, maxWidth: '100%' }} />
              <Select value={target.side} onChange={(side) => setTarget({ ...target, side })} options={[{ value: 'L', label: t('console.referral.side.L') }, { value: 'R', label: t('console.referral.side.R') }]} style={{ width: 100, maxWidth: '100%' }} />
              <Input placeholder={t('console.common.reason')} value={target.reason} onChange={(e) => setTarget({ ...target, reason: e.target.value })} style={{ width: 260, maxWidth: '100%' }} />
              <Button danger disabled={!target.parent_id || !target.reason.trim()} loading={move.isPending} onClick={askMove}>
                {t('console.referral.move.button')}
              </Button>
            </Space>
          )}
        </Card>
      )}
    </Space>
  );
}
