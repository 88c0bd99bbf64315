import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** The authenticator's otpauth address as a QR code (a chunk of its own: only a first sign-in shows it), named for a screen reader. */
export default function TotpQr({ value }: { value: string }) {
  const { t } = useTranslation();
  const name = t('console.auth.qrLabel');
  return <QRCodeSVG value={value} size={180} role="img" aria-label={name} title={name} style={{ margin: '12px auto', display: 'block' }} data-testid="totp-qr" />;
}
