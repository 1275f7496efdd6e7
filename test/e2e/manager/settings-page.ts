import type { Locator, Page } from '@playwright/test';

/** The Settings screen: one form per section, each found by its heading. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  section(title: string): Locator {
    return this.page.getByRole('form', { name: title }).or(this.page.getByRole('region', { name: title }));
  }

  async save(title: string, button: string | RegExp = 'Save'): Promise<void> {
    await this.section(title).getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  }
}
