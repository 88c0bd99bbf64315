import { CheckBox } from '@/components/check-box';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

/**
 * "I have read and agree to …": the tick the spec requires before login, registration and
 * cancellation, with the user agreement and the privacy policy it names one tap away.
 */
export function AgreementCheck({ checked, onChange, textKey = 'account.agreement.policies' }: { checked: boolean; onChange: (v: boolean) => void; textKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="agreement">
      <CheckBox className="agreement-check" checked={checked} onChange={onChange} style={{ '--icon-size': '16px', '--font-size': '13px' }}>
        {t(textKey)}
      </CheckBox>
      {textKey === 'account.agreement.policies' && (
        <div className="agreement-links">
          <Link to={`${paths.my.article}?type=agreement&kind=user`}>{t('catalogue.agreement.user')}</Link>
          <Link to={`${paths.my.article}?type=agreement&kind=privacy`}>{t('catalogue.agreement.privacy')}</Link>
        </div>
      )}
    </div>
  );
}
