import { QRCodeSVG } from 'qrcode.react';

/** The authenticator's otpauth address as a QR code (a chunk of its own: only a first sign-in shows it). */
export default function TotpQr({ value }: { value: string }) {
  return <QRCodeSVG value={value} size={180} style={{ margin: '12px auto', display: 'block' }} data-testid="totp-qr" />;
}
