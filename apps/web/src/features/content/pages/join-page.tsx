import { Button, Steps } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { useSignIn } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/stores/session';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

/** Join us: how a member becomes a partner with their own shop and team. */
export default function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSignIn();
  const token = useSession((s) => s.token);
  return (
    <div className="page join-page">
      <PageHeader title={t('app.page.joinUs')} heading={false} />
      <section className="info-hero">
        <h1>{t('catalogue.join.title')}</h1>
        <p>{t('catalogue.join.intro')}</p>
      </section>
      <div className="info-card">
        <Steps direction="vertical">
          <Steps.Step title={t('catalogue.join.step1')} description={t('catalogue.join.step1Text')} status="process" />
          <Steps.Step title={t('catalogue.join.step2')} description={t('catalogue.join.step2Text')} status="process" />
          <Steps.Step title={t('catalogue.join.step3')} description={t('catalogue.join.step3Text')} status="process" />
        </Steps>
      </div>
      <div className="info-actions">
        <Button block color="primary" onClick={() => (token ? navigate(paths.invite.index) : signIn({ page: paths.login.register }))}>
          {token ? t('catalogue.join.invite') : t('catalogue.join.register')}
        </Button>
        <Button block fill="outline" onClick={() => navigate(paths.activity.contactUs)}>
          {t('app.page.contactUs')}
        </Button>
      </div>
    </div>
  );
}
