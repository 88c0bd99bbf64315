import { Button, Image, Swiper } from 'antd-mobile';
import { useSignIn } from '@/lib/navigation';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { SaveImageAction } from '@/components/shell/save-image-action';
import { copyText, ShareAction } from '@/components/shell/share-action';
import { mediaUrl } from '@/lib/media-url';
import { useSession } from '@/stores/session';
import { useMyShareLink } from '../api/get-share-info';
import { useSharePosters } from '../api/list-share-posters';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

/** Business: posters to share and the member's own link, which carries their invitation code. */
export default function BusinessPage() {
  const { t } = useTranslation();
  const { signIn } = useSignIn();
  const token = useSession((s) => s.token);
  const posters = useSharePosters();
  const link = useMyShareLink();
  const list = posters.data?.list ?? [];
  return (
    <div className="page business-page">
      <PageHeader title={t('app.page.business')} />
      <ListState loading={posters.isPending} error={posters.isError} empty={list.length === 0} onRetry={() => void posters.refetch()}>
        <Swiper className="poster-swiper" slideSize={80} trackOffset={10} stuckAtBoundary={false}>
          {list.map((p) => (
            <Swiper.Item key={p.id}>
              <figure className="poster">
                <Image src={mediaUrl(p.image)} alt={p.title} fit="cover" />
                <figcaption>{p.text}</figcaption>
                <div className="poster-actions">
                  <SaveImageAction size="small" src={mediaUrl(p.image)} name={`${p.title || 'poster'}.png`} />
                  <ShareAction size="small" color="primary" content={{ title: p.title, text: p.text, url: link.data?.link, image: mediaUrl(p.image) }} />
                </div>
              </figure>
            </Swiper.Item>
          ))}
        </Swiper>
      </ListState>
      <section className="info-card">
        <h2 className="info-heading">{t('catalogue.share.myLink')}</h2>
        {token ? (
          <>
            <div className="share-link" data-testid="my-share-link">
              {link.data?.link ?? '…'}
            </div>
            {link.data?.share_code && <div className="share-code">{t('catalogue.share.code', { code: link.data.share_code })}</div>}
            <ShareAction block color="primary" content={link.data && { title: t('app.page.business'), url: link.data.link }} />
            <Button block fill="outline" className="share-copy" disabled={!link.data} onClick={() => link.data && void copyText(link.data.link, t('catalogue.share.copied'))}>
              {t('catalogue.share.copy')}
            </Button>
          </>
        ) : (
          <Button block color="primary" onClick={() => signIn()}>
            {t('catalogue.share.loginFirst')}
          </Button>
        )}
      </section>
    </div>
  );
}
