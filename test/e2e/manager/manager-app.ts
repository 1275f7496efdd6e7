import { expect, type Locator, type Page } from '@playwright/test';

export const MANAGER = { name: 'Meera Shah', pin: '2580' };

type Screen = 'Orders' | 'Catalog' | 'Wallet' | 'Settings' | 'Sell' | 'Drawer' | 'End of day';

/** What the page's own bridge answers: `{ok, data}` or `{ok: false, error}`. */
export type PageResult<T = any> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; fields?: { field: string; message: string }[] } };

/**
 * The app as a manager uses it, driven through the UI; setup shortcuts go through the page's
 * own `/api/call` (the same session cookie the screens use), never around the bridge.
 */
export class ManagerApp {
  constructor(readonly page: Page) {}

  /** A bridge call made by the page itself, as the signed-in counter. */
  async bridge<T = any>(method: string, payload: unknown = {}): Promise<PageResult<T>> {
    return this.page.evaluate(
      async ({ method, payload }): Promise<PageResult<T>> => {
        const res = await fetch('/api/call', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ method, payload }),
        });
        return (await res.json()) as PageResult<T>;
      },
      { method, payload },
    );
  }

  async ok<T = any>(method: string, payload: unknown = {}): Promise<T> {
    const result = await this.bridge<T>(method, payload);
    if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result.error)}`);
    return result.data;
  }

  /** First launch: creates the manager through the bridge, then the page picks up the session. */
  async startAsManager(): Promise<void> {
    await this.ok('staff.setupFirstManager', MANAGER);
    // Selling needs an open drawer; the Drawer screen's own specs open one by hand.
    await this.ok('shift.open', { openingFloatPaise: 0 });
    await this.page.reload();
    await expect(this.navButton('Orders')).toBeVisible();
  }

  /** The sign-in screen, as a person uses it: pick the name, type the PIN, Enter. */
  async signInWithUi(name: string, pin: string): Promise<void> {
    await this.page.getByRole('radio', { name: new RegExp(name) }).check();
    await this.page.getByLabel('PIN', { exact: true }).fill(pin);
    await this.page.getByLabel('PIN', { exact: true }).press('Enter');
  }

  get mainNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  navButton(screen: Screen): Locator {
    return this.mainNav.getByRole('button', { name: screen, exact: true });
  }

  async open(screen: Exclude<Screen, 'Sell'>): Promise<void> {
    await this.navButton(screen).click();
    await expect(this.page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
  }

  /** A sale placed by the page as the signed-in person (manager or cashier), paid in exact cash unless `tenders` are given. */
  async sell(payload: Record<string, unknown>): Promise<{ id: string; referenceId: string; state: string }> {
    const pays = Number(payload.amountPaise ?? 0) - Number(payload.discountPaise ?? 0);
    return this.ok('sale.place', { tenders: [{ method: 'CASH', amountPaise: pays }], ...payload });
  }
}
