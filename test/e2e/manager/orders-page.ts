import { expect, type Locator, type Page } from '@playwright/test';

/** The Orders screen: pinned attention list, filters, list, one order's page. */
export class OrdersPage {
  constructor(readonly page: Page) {}

  get attention(): Locator {
    return this.page.getByRole('region', { name: /Needs your attention/ });
  }

  attentionCard(reference: string): Locator {
    return this.attention.getByRole('listitem').filter({ hasText: reference });
  }

  get list(): Locator {
    return this.page.getByRole('table', { name: 'Orders, newest first' });
  }

  row(reference: string): Locator {
    return this.list.getByRole('row').filter({ hasText: reference });
  }

  async filterByReference(reference: string): Promise<void> {
    await this.page.getByLabel('Reference or order id').fill(reference);
    await this.page.getByRole('button', { name: 'Show orders' }).click();
  }

  /** Days as the filter takes them, dd/mm/yyyy; an empty string leaves that end open. */
  async filterByDays(from: string, to: string): Promise<void> {
    await this.page.getByLabel('From day').fill(from);
    await this.page.getByLabel('To day').fill(to);
    await this.page.getByRole('button', { name: 'Show orders' }).click();
  }

  async openOrder(reference: string): Promise<void> {
    await this.page.getByRole('button', { name: `Open order ${reference}` }).first().click();
    await expect(this.page.getByRole('button', { name: /Back to orders/ })).toBeVisible();
  }

  async showSummary(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Day summary' }).click();
  }
}
