import { useLayoutEffect, useRef, useState } from 'react';
import { Button, SearchBar } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import type { PlacementNode } from '@shop/contract/referral';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useInvitees, useLegs, usePlace, usePlacementTree } from '../api/referral';
import '../referral.css';
import { openingScrollLeft, treeLevelsFor } from '../tree-levels';
import { useTranslation } from '@/lib/i18n';

type Invitee = { id: number; nickname: string; user_name: string };

/** One node of the tree and its two slots, drawn for a phone: an empty slot is a button while an invitee is chosen. */
function Node({ node, chosen, onSlot, onOpen }: { node: PlacementNode; chosen?: Invitee; onSlot: (parent: PlacementNode, side: 'L' | 'R') => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tree-node" data-node={node.id}>
      <button type="button" className="tree-card" onClick={() => onOpen(node.id)}>
        <strong>{node.nickname || node.user_name}</strong>
        <span className="ref-muted">
          {t('referral.app.legsShort', { l: node.left_count, r: node.right_count })} · PV {node.left_pv}/{node.right_pv}
        </span>
        {node.has_more && <span className="ref-muted">{t('referral.app.more')}</span>}
      </button>
      {(node.children.L || node.children.R || node.open.length > 0) && (
        <div className="tree-children">
          {(['L', 'R'] as const).map((side) => {
            const child = node.children[side];
            if (child) return <Node key={side} node={child} chosen={chosen} onSlot={onSlot} onOpen={onOpen} />;
            if (!node.open.includes(side)) return <div key={side} className="tree-slot" />;
            return (
              <div key={side} className="tree-slot">
                {chosen ? (
                  <Button size="mini" color="primary" fill="outline" onClick={() => onSlot(node, side)}>
                    {t(side === 'L' ? 'referral.app.placeLeft' : 'referral.app.placeRight')}
                  </Button>
                ) : (
                  <span className="ref-muted">{t('referral.app.empty')}</span>
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The width inside an element's padding: what the tree drawn in it has. */
function innerWidth(el: HTMLElement): number {
  const style = getComputedStyle(el);
  return el.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/**
 * Placement: the member's unplaced invitees; choose one, then an empty slot of the tree (as many
 * levels as the phone shows with the node's two children in view, up to 3; tap to go down), and confirm.
 */
export default function PlacementPage() {
  const { t } = useTranslation();
  const invitees = useInvitees();
  const legs = useLegs();
  const [rootId, setRootId] = useState<number | undefined>();
  // What is typed in the search box, and the name searched (on Enter): a search that matched nobody keeps its text to be corrected.
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const clearSearch = () => {
    setTyped('');
    setQ('');
  };
  const treeSection = useRef<HTMLElement>(null);
  // Levels the tree's card holds with the root's two children in full view, measured before the tree is asked for.
  const [levels, setLevels] = useState<number | undefined>();
  useLayoutEffect(() => {
    const measure = () => treeSection.current && setLevels(treeLevelsFor(innerWidth(treeSection.current)));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const tree = usePlacementTree(rootId, q, levels);
  const place = usePlace();
  const [chosen, setChosen] = useState<Invitee | undefined>();
  const treeFrame = useRef<HTMLDivElement>(null);
  // A name nobody of the team has: said so, never the tree the search started from passed off as its result.
  const noMatch = Boolean(q) && tree.data?.matched === false;
  const shownRoot = noMatch ? undefined : tree.data?.tree.id;
  // A tree wider than the phone scrolls sideways: each root shown opens in the middle, on its card and its
  // two children's (a placement's refetch keeps the scroll).
  useLayoutEffect(() => {
    const frame = treeFrame.current;
    if (frame) frame.scrollLeft = openingScrollLeft(frame.scrollWidth, frame.clientWidth);
  }, [shownRoot, levels]);
  const list = invitees.data?.pages.flatMap((p) => p.list) ?? [];
  const unplaced = list.filter((m) => !m.placed);

  const onSlot = async (parent: PlacementNode, side: 'L' | 'R') => {
    if (!chosen) return;
    const yes = await confirmDialog({
      content: t('referral.app.confirmPlace', { name: chosen.nickname || chosen.user_name, parent: parent.nickname || parent.user_name, side: t(side === 'L' ? 'referral.app.left' : 'referral.app.right') }),
      confirmText: t('referral.app.place'),
      cancelText: t('referral.app.cancel'),
    });
    if (!yes) return;
    try {
      await place.mutateAsync({ user_id: chosen.id, parent_id: parent.id, side });
      showToast(t('referral.app.placed'));
      setChosen(undefined);
    } catch {
      // The refusal was shown.
    }
  };

  return (
    <div className="page referral-page placement-page">
      <PageHeader title={t('referral.page.placement')} />
      {legs.data && (
        <dl className="ref-stats ref-card">
          <div>
            <dt>{t('referral.app.leftLeg')}</dt>
            <dd>
              {legs.data.left.members} · PV {legs.data.left.pv_total}
            </dd>
          </div>
          <div>
            <dt>{t('referral.app.rightLeg')}</dt>
            <dd>
              {legs.data.right.members} · PV {legs.data.right.pv_total}
            </dd>
          </div>
          <div>
            <dt>{t('referral.app.carry')}</dt>
            <dd>
              {legs.data.left.carry} / {legs.data.right.carry}
            </dd>
          </div>
        </dl>
      )}
      <section className="ref-card">
        <h2 className="ref-heading">{t('referral.app.unplaced')}</h2>
        <ListState loading={invitees.isPending} error={invitees.isError} failure={invitees.error} empty={unplaced.length === 0} emptyText={t('referral.app.noneToPlace')} onRetry={() => void invitees.refetch()}>
          {unplaced.map((m) => (
            <button type="button" key={m.id} className={`ref-row ref-choose${chosen?.id === m.id ? ' is-chosen' : ''}`} onClick={() => setChosen(m)} aria-pressed={chosen?.id === m.id}>
              <span>
                <strong>{m.nickname || m.user_name}</strong>
                <span className="ref-muted"> {m.user_name}</span>
              </span>
              {m.place_by && <span className="ref-muted">{t('referral.app.placeBy', { date: formatDate(m.place_by) })}</span>}
            </button>
          ))}
          <LoadMore hasMore={Boolean(invitees.hasNextPage)} loading={invitees.isFetchingNextPage} onLoadMore={() => void invitees.fetchNextPage()} />
        </ListState>
        {chosen && <p className="ref-hint">{t('referral.app.chooseSlot', { name: chosen.nickname || chosen.user_name })}</p>}
      </section>
      <section className="ref-card" ref={treeSection}>
        <SearchBar placeholder={t('referral.app.searchName')} value={typed} onChange={setTyped} onSearch={(v) => setQ(v.trim())} onClear={clearSearch} />
        <ListState loading={tree.isPending} error={tree.isError} failure={tree.error} empty={false} onRetry={() => void tree.refetch()}>
          {noMatch ? (
            <p className="ref-hint" role="status">
              {t('referral.app.noMatch', { q })}
            </p>
          ) : tree.data && (
            <>
              {tree.data.up_id !== null && (
                <Button size="small" fill="none" onClick={() => { clearSearch(); setRootId(tree.data.up_id ?? undefined); }}>
                  {t('referral.app.up')}
                </Button>
              )}
              <div className="tree" ref={treeFrame}>
                <Node node={tree.data.tree} chosen={chosen} onSlot={(p, s) => void onSlot(p, s)} onOpen={(id) => { clearSearch(); setRootId(id); }} />
              </div>
            </>
          )}
        </ListState>
      </section>
    </div>
  );
}
