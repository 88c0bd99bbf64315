import { List } from 'antd-mobile';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { TapRow } from '@/components/tap-row';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

/** How to reach the shop. */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="page contact-page">
      <PageHeader title={t('app.page.contactUs')} heading={false} />
      <section className="info-hero">
        <h1>{t('catalogue.contact.title')}</h1>
        <p>{t('catalogue.contact.intro')}</p>
      </section>
      <List>
        <List.Item extra={<a href="mailto:support@shop.example">support@shop.example</a>}>{t('catalogue.contact.email')}</List.Item>
        <List.Item extra="08:00–24:00">{t('catalogue.contact.hours')}</List.Item>
        <TapRow to={paths.other.customerChat}>{t('catalogue.support.chat')}</TapRow>
        <TapRow to={paths.my.feedback}>{t('app.page.feedback')}</TapRow>
      </List>
    </div>
  );
}
