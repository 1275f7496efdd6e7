import { expect, type Locator, type Page } from '@playwright/test';

/** One order's page: vouchers, reprint, resend delivery, details for support. */
export class OrderDetailPage {
  constructor(readonly page: Page) {}

  get reprintButton(): Locator {
    return this.page.getByRole('button', { name: /^Reprint receipt/ });
  }

  get approval(): Locator {
    return this.page.getByRole('dialog', { name: 'Manager approval' });
  }

  /** Reprint with a manager's PIN typed into the approval dialog. */
  async reprintWithPin(pin: string): Promise<void> {
    if (!(await this.approval.isVisible())) await this.reprintButton.click();
    await expect(this.approval).toBeVisible();
    await this.approval.getByLabel('Manager PIN', { exact: true }).fill(pin);
    await this.approval.getByRole('button', { name: /Approve/ }).click();
  }

  channel(name: 'Email' | 'SMS' | 'WhatsApp'): Locator {
    return this.page.getByRole('group', { name: 'Send by' }).getByRole('checkbox', { name, exact: true });
  }

  async resend(...channels: ('Email' | 'SMS' | 'WhatsApp')[]): Promise<void> {
    for (const c of channels) await this.channel(c).check();
    await this.page.getByRole('button', { name: 'Resend delivery' }).click();
  }

  async back(): Promise<void> {
    await this.page.getByRole('button', { name: /Back to orders/ }).click();
  }
}
