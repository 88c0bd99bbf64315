import { useState } from 'react';
import { Button, DotLoading, Image, Swiper } from 'antd-mobile';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { saveImage, SaveImageAction } from '@/components/shell/save-image-action';
import { copyText, ShareAction } from '@/components/shell/share-action';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media-url';
import { formatNumber } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useInviteShare, usePosters, useTeamTotals, type InviteShare } from '../api/referral';
import { TeamEntries } from '../components/team-entries';
import { posterWithQr } from '../poster';
import '../referral.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/invite/index`: the member's invitation code and link (copy, share), its QR, posters, and the team's totals. */
export default function InvitePage() {
  const { t } = useTranslation();
  const share = useInviteShare();
  const posters = usePosters();
  const totals = useTeamTotals();
  const copy = (text: string) => copyText(text, t('referral.app.copied'));
  const list = posters.data?.list ?? [];
  return (
    <div className="page referral-page invite-page">
      <PageHeader title={t('app.page.invite')} />
      {share.isError ? (
        <ListState loading={false} error failure={share.error} empty={false} onRetry={() => void share.refetch()} />
      ) : (
        <InviteCard share={share.data} onCopy={copy} />
      )}
      {posters.isPending ? (
        // The carousel's place, kept while the posters load: what is below does not move under a finger.
        <div className="poster-pending" aria-hidden="true">
          <figure className="poster">
            <div className="poster-picture" />
            <figcaption />
            <div className="poster-save-place" />
          </figure>
        </div>
      ) : list.length > 0 && (
        <Swiper className="poster-swiper" slideSize={80} trackOffset={10} stuckAtBoundary={false}>
          {list.map((p) => (
            <Swiper.Item key={p.id}>
              <figure className="poster">
                <div className="poster-frame">
                  <Image src={mediaUrl(p.image)} alt={p.title} fit="cover" />
                  {share.data && <img className="poster-qr" src={share.data.qr_code} alt="" width={64} height={64} />}
                </div>
                <figcaption>{p.text}</figcaption>
                <PosterSaveAction poster={mediaUrl(p.image)} qr={share.data?.qr_code} name={`${p.title || 'poster'}.png`} />
              </figure>
            </Swiper.Item>
          ))}
        </Swiper>
      )}
      <section className="ref-card">
        <h2 className="ref-heading">{t('referral.app.myTeam')}</h2>
        <ListState loading={totals.isPending} error={totals.isError} failure={totals.error} empty={false} onRetry={() => void totals.refetch()}>
          {totals.data && (
            <dl className="ref-stats">
              <div>
                <dt>{t('referral.app.directs')}</dt>
                <dd data-testid="direct-count">{formatNumber(totals.data.direct_count)}</dd>
              </div>
              <div>
                <dt>{t('referral.app.teamSize')}</dt>
                <dd>{formatNumber(totals.data.team_count)}</dd>
              </div>
              <div>
                <dt>{t('referral.app.newToday')}</dt>
                <dd>{formatNumber(totals.data.new_today)}</dd>
              </div>
              <div>
                <dt>{t('referral.app.earned')}</dt>
                <dd>{amounts(totals.data.commission_total, totals.data)}</dd>
              </div>
              <div>
                <dt>{t('referral.app.pending')}</dt>
                <dd>{amounts(totals.data.commission_pending, totals.data)}</dd>
              </div>
            </dl>
          )}
        </ListState>
      </section>
      <TeamEntries paths={paths.team} />
    </div>
  );
}

/**
 * The invitation code, its QR and link with their actions. While the code loads, the card keeps its
 * size (the QR's square, the link's two lines, one row of actions): what is below does not move when it arrives.
 */
type Totals = NonNullable<ReturnType<typeof useTeamTotals>['data']>;
/** A figure per currency; none yet reads as zero in the currency of the member's other figures (a bare 0 when there are none). */
function amounts(list: Totals['commission_total'], totals: Totals) {
  if (list.length) return list.map((c) => <Amount key={c.currency} value={c.amount} currency={c.currency} />);
  const currency = [...totals.commission_total, ...totals.commission_pending][0]?.currency;
  return currency ? <Amount value={0} currency={currency} /> : '0';
}

function InviteCard({ share, onCopy }: { share: InviteShare | undefined; onCopy: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <section className="ref-card invite-card" aria-busy={!share}>
      <div className="ref-muted">{t('referral.app.myCode')}</div>
      {share ? (
        <div className="invite-code" data-testid="invite-code">
          {share.invite_code}
        </div>
      ) : (
        <div className="invite-code" role="status" aria-label={t('app.loading')}>
          <DotLoading color="primary" />
        </div>
      )}
      <Button size="small" disabled={!share} onClick={() => share && onCopy(share.invite_code)}>
        {t('referral.app.copyCode')}
      </Button>
      {share ? <img className="invite-qr" src={share.qr_code} alt={t('referral.app.qr')} width={180} height={180} /> : <div className="invite-qr invite-qr-place" />}
      <div className="invite-link">{share?.share_url}</div>
      <div className="ref-actions">
        <Button size="small" fill="outline" disabled={!share} onClick={() => share && onCopy(share.share_url)}>
          {t('referral.app.copyLink')}
        </Button>
        {share && <ShareAction size="small" color="primary" content={{ title: t('app.page.invite'), url: share.share_url }} />}
        {share && <SaveImageAction size="small" src={share.qr_code} name="invite-qr.png" />}
      </div>
    </section>
  );
}

/** Saves a poster with the member's QR drawn on it as one PNG: to the photo library in the app, else a download. */
function PosterSaveAction({ poster, qr, name }: { poster: string; qr: string | undefined; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!qr) return;
    setBusy(true);
    try {
      const png = await posterWithQr(poster, qr);
      const result = await saveImage(png, name);
      if (result) showToast(t(result));
    } catch {
      showToast(t('app.shell.notSaved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" loading={busy} disabled={!qr} onClick={() => void save()} data-testid="poster-save">
      {t('app.shell.saveImage')}
    </Button>
  );
}
