import { Button, Collapse } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { useFaq } from '../api/list-faq';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

/** Support: the frequently asked questions, and the way to a person (chat) or to contact details. */
export default function SupportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const faq = useFaq();
  const list = faq.data?.list ?? [];
  return (
    <div className="page support-page">
      <PageHeader title={t('app.page.support')} heading={false} />
      <section className="info-hero">
        <h1>{t('catalogue.support.title')}</h1>
        <p>{t('catalogue.support.hours')}</p>
        <div className="info-actions">
          <Button color="primary" onClick={() => navigate(paths.other.customerChat)}>
            {t('catalogue.support.chat')}
          </Button>
          <Button fill="outline" onClick={() => navigate(paths.activity.contactUs)}>
            {t('app.page.contactUs')}
          </Button>
        </div>
      </section>
      <h2 className="info-heading">{t('catalogue.support.faq')}</h2>
      <ListState loading={faq.isPending} error={faq.isError} empty={list.length === 0} onRetry={() => void faq.refetch()}>
        <Collapse accordion className="faq-list">
          {list.map((f) => (
            <Collapse.Panel key={String(f.id)} title={f.question}>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: f.answer }} />
            </Collapse.Panel>
          ))}
        </Collapse>
      </ListState>
    </div>
  );
}
