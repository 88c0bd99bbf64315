import { Tabs } from 'antd-mobile';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
import { FeedbackDetail } from '../components/feedback-detail';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackList } from '../components/feedback-list';
import '../support.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/feedbacks`: the feedback form and the member's feedback with its state and reply (`?id=` opens one, `?tab=mine` the list). */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A link naming a feedback opens it, a malformed id included (its page says there is no such feedback).
  const named = Boolean(params.get('id'));
  const id = Number(params.get('id')) || 0;
  const tab = params.get('tab') === 'mine' ? 'mine' : 'send';
  const open = (feedbackId: number) => navigate(`${paths.my.feedback}?id=${feedbackId}`);
  if (named) {
    return (
      <div className="page support-page">
        <PageHeader title={t('app.page.feedback')} />
        <FeedbackDetail id={id} />
      </div>
    );
  }
  return (
    <div className="page support-page">
      <PageHeader title={t('app.page.feedback')} />
      <Tabs activeKey={tab} onChange={(key) => navigate(key === 'mine' ? `${paths.my.feedback}?tab=mine` : paths.my.feedback, { replace: true })}>
        <Tabs.Tab title={t('support.feedback.tab.send')} key="send">
          <FeedbackForm onSent={() => navigate(`${paths.my.feedback}?tab=mine`, { replace: true })} />
        </Tabs.Tab>
        <Tabs.Tab title={t('support.feedback.tab.mine')} key="mine">
          <FeedbackList onOpen={open} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
