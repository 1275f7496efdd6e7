import type { Locator, Page } from '@playwright/test';
import type { SETTINGS_PAGES } from '../../../src-renderer/settings/settings-pages.js';

type SettingsPageName = (typeof SETTINGS_PAGES)[number]['label'];

/** The Settings screen: a tab per page, and on it one form (or region) per section, each found by its heading. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  tab(name: SettingsPageName): Locator {
    return this.page.getByRole('tablist', { name: 'Settings pages' }).getByRole('tab', { name, exact: true });
  }

  /** Opens the page by its tab, as a manager would, and waits for its heading. */
  async openPage(name: SettingsPageName): Promise<void> {
    await this.tab(name).click();
    await this.page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  }

  /** A section of the page that is open (sections on other pages are hidden, so not found). */
  section(title: string): Locator {
    return this.page.getByRole('form', { name: title }).or(this.page.getByRole('region', { name: title }));
  }

  async save(title: string, button: string | RegExp = 'Save'): Promise<void> {
    await this.section(title).getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  }
}
