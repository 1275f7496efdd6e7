import { expect, type Locator, type Page } from '@playwright/test';

export const MANAGER = { name: 'Meera Shah', pin: '2580' };

export const BRANDS = {
  fixed: { id: 'TEST_FIXED_STANDARD', title: 'Test · Fixed denominations' },
  flexible: { id: 'TEST_FLEXIBLE_STANDARD', title: 'Test · Flexible amount' },
  failed: { id: 'TEST_E200_GENERATION_FAILED', title: 'Test · Voucher generation failed (E200)' },
  processing: { id: 'TEST_PROCESSING_SUCCESS', title: 'Test · Processing then success' },
} as const;

/**
 * The counter as a cashier uses it: role and label locators only, no sleeps — every step
 * waits for what the screen says.
 */
export class CounterPage {
  readonly search: Locator;
  readonly brandHeading: Locator;
  readonly reviewButton: Locator;
  readonly confirmDialog: Locator;
  readonly resultDialog: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: /Find a brand/ });
    this.brandHeading = page.locator('#brand-heading');
    this.reviewButton = page.getByRole('button', { name: /^(Review sale|Checking…)/ });
    this.confirmDialog = page.getByRole('dialog', { name: 'Confirm sale' });
    this.resultDialog = page.getByRole('dialog', { name: /^(Sale complete|Sale failed|Sale refused|Sale processing|Checking the sale|Needs the manager)/ });
    this.pending = page.getByRole('region', { name: /Pending sales/ });
  }

  /**
   * First launch: create the manager, land on Sell, and (unless told not to) open the drawer
   * with a ₹0 float through the bridge, since selling needs an open shift; the Drawer screen's
   * own specs open it by hand.
   */
  async setUpManager(name = MANAGER.name, pin = MANAGER.pin, { openDrawer = true }: { openDrawer?: boolean } = {}): Promise<void> {
    await expect(this.page.getByRole('heading', { name: /set up this counter/ })).toBeVisible();
    await this.page.getByLabel('Manager’s name').fill(name);
    await this.page.getByLabel('Choose a PIN (4–8 digits)', { exact: true }).fill(pin);
    await this.page.getByLabel('Type the PIN again', { exact: true }).fill(pin);
    await this.page.getByRole('button', { name: /Create manager and start selling/ }).click();
    if (!openDrawer) return this.expectNoShiftGate();
    await expect(this.page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await this.openDrawer();
    await this.expectSellScreen();
  }

  /** Sell with the drawer closed: it says so and offers the Drawer screen instead of selling. */
  async expectNoShiftGate(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'The cash drawer is not open' })).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Open the drawer' })).toBeFocused();
    await expect(this.search).toHaveCount(0);
  }

  /** Opens the drawer through the bridge (the page hears shift.changed), unless one is open. */
  async openDrawer(openingFloatPaise = 0): Promise<void> {
    const current = await this.bridge('shift.current');
    if (current.ok && current.data) return;
    const opened = await this.bridge('shift.open', { openingFloatPaise });
    if (!opened.ok) throw new Error(`could not open the drawer: ${JSON.stringify(opened.error)}`);
  }

  async expectSellScreen(): Promise<void> {
    await expect(this.search).toBeVisible();
    await expect(this.search).toBeFocused();
    await expect(this.page.getByRole('heading', { name: /^(All brands|Brands found)/ })).toBeVisible();
  }

  brandButton(title: string): Locator {
    return this.page.locator('.brand-list').getByRole('button', { name: new RegExp(`^${escape(title)}`) }).first();
  }

  async openBrand(title: string): Promise<void> {
    await this.search.fill(title);
    await this.brandButton(title).click();
    await expect(this.brandHeading).toHaveText(title);
  }

  /** A denomination button of the open FIXED brand, e.g. '₹500'. */
  denomination(amount: string): Locator {
    return this.page.getByRole('group', { name: /^Denominations/ }).getByRole('button', { name: amount, exact: true });
  }

  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label);
  }

  async review(): Promise<void> {
    await this.reviewButton.click();
    await expect(this.confirmDialog).toBeVisible();
  }

  async confirm(): Promise<void> {
    await this.confirmDialog.getByRole('button', { name: /^Confirm ₹/ }).click();
    await expect(this.resultDialog).toBeVisible({ timeout: 20_000 });
  }

  printButton(scope: Locator = this.resultDialog): Locator {
    return scope.getByRole('button', { name: /^(Print receipt|Reprint receipt)/ });
  }

  async print(): Promise<void> {
    await this.printButton().click();
    await expect(this.resultDialog.getByText(/^Receipt printed/)).toBeVisible();
  }

  /** The printable receipt node (full credentials), staged off screen for react-to-print. */
  get printable(): Locator {
    return this.page.getByTestId('printable-receipt');
  }

  /** A bridge call from the page, as the signed-in staff (same session cookie as the app). */
  async bridge<T = any>(method: string, payload: unknown = {}): Promise<{ ok: boolean; data?: T; error?: { code: string; message: string } }> {
    return this.page.evaluate(
      async ([m, p]) => {
        const res = await fetch('/api/call', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method: m, payload: p }) });
        return (await res.json()) as { ok: boolean; data?: T; error?: { code: string; message: string } };
      },
      [method, payload] as const,
    );
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
