import { List } from 'antd-mobile';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { TapRow } from '@/components/tap-row';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

/** About the company: who runs the shop, what it promises, and its agreements. */
export default function CompanyPage() {
  const { t } = useTranslation();
  return (
    <div className="page company-page">
      <PageHeader title={t('app.page.company')} heading={false} />
      <section className="info-hero">
        <h1>{t('app.name')}</h1>
        <p>{t('catalogue.company.intro')}</p>
      </section>
      <List header={t('catalogue.company.promises')}>
        <List.Item description={t('catalogue.company.genuineText')}>{t('catalogue.company.genuine')}</List.Item>
        <List.Item description={t('catalogue.company.shippingText')}>{t('catalogue.company.shipping')}</List.Item>
        <List.Item description={t('catalogue.company.returnsText')}>{t('catalogue.company.returns')}</List.Item>
      </List>
      <List header={t('catalogue.company.documents')}>
        {(['user', 'privacy', 'purchase'] as const).map((kind) => (
          <TapRow key={kind} to={`${paths.my.article}?type=agreement&kind=${kind}`}>
            {t(`catalogue.agreement.${kind}`)}
          </TapRow>
        ))}
        <TapRow to={paths.activity.contactUs}>{t('app.page.contactUs')}</TapRow>
      </List>
    </div>
  );
}
