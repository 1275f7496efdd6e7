import { expect, type Locator, type Page } from '@playwright/test';
import { MANAGER } from '../manager/manager-app.js';

export const CASHIER = { name: 'Ravi Kumar', pin: '4826' };
export const FIXED = 'TEST_FIXED_STANDARD';

type PageResult<T = any> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/**
 * The Drawer and End of day screens as staff use them: role and label locators, every step
 * waiting for what the screen says. Setup shortcuts (staff, sales) go through the page's own
 * `/api/call`, as the signed-in person.
 */
export class DrawerPage {
  constructor(readonly page: Page) {}

  async bridge<T = any>(method: string, payload: unknown = {}): Promise<PageResult<T>> {
    return this.page.evaluate(
      async ([m, p]) => {
        const res = await fetch('/api/call', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method: m, payload: p }) });
        return (await res.json()) as PageResult<T>;
      },
      [method, payload] as const,
    );
  }

  async ok<T = any>(method: string, payload: unknown = {}): Promise<T> {
    const result = await this.bridge<T>(method, payload);
    if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result.error)}`);
    return result.data;
  }

  /** First launch with a manager and a cashier, the drawer closed, the cashier signed in through the sign-in screen. */
  async startAsCashier(): Promise<void> {
    await this.ok('staff.setupFirstManager', MANAGER);
    await this.ok('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin });
    await this.ok('staff.signOut');
    await this.page.reload();
    await this.page.getByRole('radio', { name: new RegExp(CASHIER.name) }).check();
    await this.page.getByLabel('PIN', { exact: true }).fill(CASHIER.pin);
    await this.page.getByLabel('PIN', { exact: true }).press('Enter');
    await expect(this.nav('Sell')).toBeVisible();
  }

  /** First launch as the manager, the drawer closed. */
  async startAsManager(): Promise<void> {
    await this.ok('staff.setupFirstManager', MANAGER);
    await this.page.reload();
    await expect(this.nav('Orders')).toBeVisible();
  }

  nav(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
  }

  async open(screen: 'Drawer' | 'End of day' | 'Wallet'): Promise<void> {
    await this.nav(screen).click();
    await expect(this.page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
  }

  /** The top bar's drawer line. */
  get headerState(): Locator {
    return this.page.locator('.topbar__drawer');
  }

  tile(label: string): Locator {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** Counts the drawer note by note in the open form (`{ '₹500 note': 4 }`). */
  async countNotes(count: Record<string, number>): Promise<void> {
    await this.page.getByLabel('Count notes and coins').check();
    for (const [label, pieces] of Object.entries(count)) await this.page.getByLabel(`${label}s: pieces`).fill(String(pieces));
  }
}
