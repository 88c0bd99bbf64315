import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** "I have read and agree to …": the tick the spec requires before login, registration and cancellation. */
export function AgreementCheck({ checked, onChange, textKey = 'account.agreement.policies' }: { checked: boolean; onChange: (v: boolean) => void; textKey?: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox className="agreement-check" checked={checked} onChange={onChange} style={{ '--icon-size': '16px', '--font-size': '13px' }}>
      {t(textKey)}
    </Checkbox>
  );
}
