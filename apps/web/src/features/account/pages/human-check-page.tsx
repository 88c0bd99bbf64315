import '../account.css';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { fetchCaptchaConfig } from '../api/get-captcha-config';
import { SliderCaptcha } from '../components/slider-captcha';
import { useCaptchaPass } from '../captcha-pass';
import { safeReturnPath } from '../form-check';
import { useTranslation } from '@/lib/i18n';

/** The human-verification page: hosts the slider and returns to the page that sent the member here. */
export default function HumanCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('redirect'), paths.login.login);
  // Back to the sign-in page that opened this one (in its place), not a second copy of it over it.
  const [bypass, setBypass] = useState(false);

  useEffect(() => {
    fetchCaptchaConfig().then((c) => setBypass(c.bypass_allowed), () => setBypass(false));
  }, []);

  return (
    <div className="page account-page human-check-page">
      <PageHeader title={t('app.page.humanCheck')} />
      <p className="account-note">{t('account.captcha.intro')}</p>
      <SliderCaptcha
        onPass={(token) => {
          useCaptchaPass.getState().pass(token);
          navigate(back, { returnIfBehind: true });
        }}
        onBypass={bypass ? () => navigate(back, { returnIfBehind: true }) : undefined}
      />
    </div>
  );
}
