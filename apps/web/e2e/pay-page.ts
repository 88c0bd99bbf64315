import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * On payNext, chooses a gateway's method and presses Pay as a member would: once the page shows the
 * method chosen (a tap while the list is still settling is tapped again) and its notice is on the page.
 * While the notice is being read Pay is busy, and a tap in the moment it turns busy does nothing.
 */
export async function chooseGatewayAndPay(page: Page, method: RegExp): Promise<void> {
  const radio = page.getByRole('radio', { name: method });
  await expect
    .poll(async () => {
      if (!(await radio.isChecked())) await radio.click();
      return radio.isChecked();
    })
    .toBe(true);
  await page.locator('.pay-notice-inline').waitFor();
  await page.getByRole('button', { name: /^Pay / }).click();
}
