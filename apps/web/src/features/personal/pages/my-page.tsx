import { Avatar, Badge, Button, List } from 'antd-mobile';
import { MailOutline } from 'antd-mobile-icons';
import { useNavigate } from '@/lib/router';
import { useSignIn } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { TapRow } from '@/components/tap-row';
import { useSession } from '@/stores/session';
import { useUnreadCount } from '../api/get-unread-count';
import { personalEntryGroups } from '../personal-entries';
import { sizedUpload } from '@/lib/media-url';
import { useTranslation } from '@/lib/i18n';

/** The personal tab: who is logged in (or the way to log in) and the entries of every area. */
export default function MyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const { signIn, signInAddress } = useSignIn();
  const user = useSession((s) => s.user);
  const unread = useUnreadCount().data ?? 0;

  const name = user?.nickname || user?.user_name || '';
  return (
    <div className="page my-page">
      <PageHeader title={t('app.page.my')} root />
      <header className="my-header">
        {/* A picture beside the member's name: nothing to read out (the stand-in's drawing carries a design file's layer name). */}
        <Avatar aria-hidden src={typeof user?.avatar === 'string' && token ? sizedUpload(user.avatar, 112, 112) : ''} className="my-avatar" style={{ '--size': '56px', '--border-radius': '50%' }} />
        <div className="my-identity">
          {token ? (
            <>
              <div className="my-name">{name || t('app.my.member')}</div>
              {user?.user_name && <div className="my-sub">{t('app.my.account', { name: user.user_name })}</div>}
            </>
          ) : (
            <>
              <div className="my-name">{t('app.my.welcome')}</div>
              <Button size="small" shape="rounded" className="my-login" onClick={() => signIn()}>
                {t('app.my.loginOrRegister')}
              </Button>
            </>
          )}
        </div>
        {token && (
          <button type="button" className="my-messages" aria-label={t('support.page.messages')} onClick={() => navigate(paths.my.messages)}>
            <MailOutline fontSize={24} />
            {unread > 0 && <Badge content={unread > 99 ? '99+' : unread} className="my-unread" />}
          </button>
        )}
      </header>
      {personalEntryGroups.map((group, i) => (
        <List key={i} className="my-entries" mode="card">
          {group.map((entry) => (
            <TapRow key={entry.key} prefix={<span className="my-entry-icon" aria-hidden>{entry.icon}</span>} to={entry.memberOnly && !token ? signInAddress({ to: entry.to }) : entry.to}>
              {t(entry.titleKey)}
            </TapRow>
          ))}
        </List>
      ))}
    </div>
  );
}
