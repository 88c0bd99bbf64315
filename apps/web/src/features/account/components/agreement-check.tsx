import { lazy, Suspense, useState } from 'react';
import { CheckBox } from '@/components/check-box';
import type { AgreementKind } from '../api/get-agreement';
import { useTranslation } from '@/lib/i18n';

// Not part of the login and sign-up forms' first screen: the sheet's code (and its animation library) arrives on the first tap.
const AgreementSheet = lazy(() => import('./agreement-sheet'));

/**
 * "I have read and agree to …": the tick the spec requires before login, registration and
 * cancellation, with the user agreement and the privacy policy it names one tap away — in a sheet
 * over the form, so what the member typed (and a code already asked for) stays as it was.
 */
export function AgreementCheck({ checked, onChange, textKey = 'account.agreement.policies' }: { checked: boolean; onChange: (v: boolean) => void; textKey?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<AgreementKind | undefined>();
  // The last one opened stays in the sheet while it slides away; none is read before the first tap.
  const [shown, setShown] = useState<AgreementKind | undefined>();
  return (
    <div className="agreement">
      <CheckBox className="agreement-check" checked={checked} onChange={onChange} style={{ '--icon-size': '16px', '--font-size': '13px' }}>
        {t(textKey)}
      </CheckBox>
      {textKey === 'account.agreement.policies' && (
        <>
          <div className="agreement-links">
            {(['user', 'privacy'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="agreement-link"
                aria-haspopup="dialog"
                onClick={() => {
                  setOpen(kind);
                  setShown(kind);
                }}
              >
                {t(`catalogue.agreement.${kind}`)}
              </button>
            ))}
          </div>
          {shown && (
            <Suspense fallback={null}>
              <AgreementSheet kind={shown} visible={open !== undefined} onClose={() => setOpen(undefined)} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
