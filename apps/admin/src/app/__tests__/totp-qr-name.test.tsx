import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n';
import TotpQr from '../TotpQr';

// At a first sign-in the authenticator's QR code was an unnamed picture to a screen reader: it says
// what it is, in the operator's language.

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en-us');
});

describe('the authenticator’s QR code', () => {
  it('is an image named for what it is, in the console’s language', async () => {
    await changeLanguage('en-us');
    const { unmount } = render(<TotpQr value="otpauth://totp/Shop:ops?secret=JBSWY3DPEHPK3PXP" />);
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBe(screen.getByTestId('totp-qr'));
    unmount();
    await changeLanguage('hu');
    render(<TotpQr value="otpauth://totp/Shop:ops?secret=JBSWY3DPEHPK3PXP" />);
    expect(screen.getByRole('img', { name: 'QR-kód a hitelesítő alkalmazáshoz' })).toBeTruthy();
  });
});
