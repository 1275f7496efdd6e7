import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, saveScreen, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from '../sell/counter-page.js';

/**
 * Issue 12, item 4: the counter on the screens stores have — 1366×768, 1024×768, 800×600.
 * The cashier's whole sale fits 1024×768 with no page scroll; the header (environment
 * banner, nav) stays in view; tables reflow instead of scrolling sideways; the Confirm sale
 * dialog with its payment step fits. Each size saves what it looks like to
 * test/artifacts/screens/layout-<screen>-<w>x<h>.png.
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 800, height: 600 },
] as const;

const CUSTOMER = { name: 'Ravi Kumar', phone: '9876543210' };
const CASHIER = { name: 'Asha Rao', pin: '4826' };

// The e2e project has Node's types, not the DOM's: page code is a string, or names the little of the DOM it uses.
const scrollY = (page: Page) => page.evaluate('window.scrollY') as Promise<number>;
interface PageElement {
  scrollTop: number;
  contains(other: unknown): boolean;
  ownerDocument: { elementFromPoint(x: number, y: number): unknown };
}

/** The box of an element as the viewport shows it: wholly inside, and not covered by anything else at its centre. */
async function expectWhollyInView(page: Page, locator: Locator, what: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  const { x, y, width, height } = box!;
  const edges = { top: Math.round(y), left: Math.round(x), bottom: Math.round(y + height), right: Math.round(x + width) };
  const inside = edges.top >= 0 && edges.left >= 0 && edges.bottom <= viewport.height && edges.right <= viewport.width;
  expect(inside, `${what} at ${JSON.stringify(edges)} inside ${viewport.width}×${viewport.height}`).toBe(true);
  const onTop = await locator.evaluate((el, [cx, cy]) => {
    const node = el as unknown as PageElement;
    // contains() is true of the element itself too.
    return node.contains(node.ownerDocument.elementFromPoint(cx!, cy!));
  }, [x + width / 2, y + height / 2]);
  expect(onTop, `${what} is not covered`).toBe(true);
}

/** Nothing on the page scrolls sideways, and no table is wider than the box it sits in. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = (await page.evaluate(`(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll('.table-wrap')].filter((w) => w.offsetParent !== null);
    return {
      page: root.scrollWidth - root.clientWidth,
      tables: tables.map((w) => w.scrollWidth - w.clientWidth).filter((d) => d > 0),
    };
  })()`)) as { page: number; tables: number[] };
  expect(overflow, `${what}: sideways overflow in px`).toEqual({ page: 0, tables: [] });
}

async function shoot(page: Page, screen: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await saveScreen(page, `layout-${screen}-${width}x${height}`, { fullPage: false });
}

/** B2C, so the customer's name and mobile number are part of every sale. */
async function b2cCounter(page: Page, control: (method: string, path: string, body?: unknown) => Promise<unknown>): Promise<CounterPage> {
  const app = new CounterPage(page);
  await app.setUpManager();
  await control('PUT', '/config', { businessModel: 'B2C' });
  expect((await app.bridge('settings.update', { businessModel: 'B2C' })).ok).toBe(true);
  await page.reload();
  await app.expectSellScreen();
  return app;
}

/** Search, brand, amount, customer: the cashier's steps up to "Review sale", as typed at the counter. */
async function fillSale(app: CounterPage, brand: (typeof BRANDS)['fixed' | 'flexible']): Promise<void> {
  await app.search.fill(brand.title);
  await app.brandButton(brand.title).click();
  await expect(app.brandHeading).toHaveText(brand.title);
  if (brand === BRANDS.fixed) await app.denomination('₹500').click();
  else await app.field('Amount of each voucher (₹)').fill('750');
  // A cashier who may not read the settings sees the customer folded until the service asks for it.
  const unfold = app.page.getByRole('button', { name: /^Customer \(optional/ });
  if ((await unfold.count()) > 0 && (await unfold.getAttribute('aria-expanded')) === 'false') await unfold.click();
  await app.field('Customer name').fill(CUSTOMER.name);
  await app.field('Mobile number').fill(CUSTOMER.phone);
  await expect(app.page.getByRole('region', { name: 'Vouchers' }).getByRole('status')).toHaveText(/^1 voucher, total/);
}

/** The part of the sale pane the cashier fills in, and what they press: all in view, none covered by another. */
async function expectSaleInView(app: CounterPage, brand: (typeof BRANDS)['fixed' | 'flexible']): Promise<void> {
  const { page } = app;
  await expectWhollyInView(page, app.search, 'the search box');
  await expectWhollyInView(page, app.brandHeading, 'the brand');
  if (brand === BRANDS.fixed) {
    await expectWhollyInView(page, app.denomination('₹2,000'), 'the last denomination');
    await expectWhollyInView(page, app.field(/Or enter an amount to split/), 'the amount to split');
  } else {
    await expectWhollyInView(page, app.field('Amount of each voucher (₹)'), 'the amount');
    await expectWhollyInView(page, page.getByRole('button', { name: 'One more: Number of vouchers' }), 'the number of vouchers');
  }
  await expectWhollyInView(page, app.field('Customer name'), 'the customer’s name');
  await expectWhollyInView(page, app.field('Mobile number'), 'the mobile number');
  await expectWhollyInView(page, app.field('Email (optional)'), 'the email');
  await expectWhollyInView(page, page.getByRole('button', { name: /^More: customer discount/ }), '“More”');
  await expectWhollyInView(page, app.reviewButton, '“Review sale”');
}

/** Signs the manager out and the cashier in, through the sign-in screen. */
async function signInCashier(app: CounterPage): Promise<void> {
  const { page } = app;
  expect((await app.bridge('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin })).ok).toBe(true);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('radio', { name: new RegExp(CASHIER.name) }).check();
  await page.getByLabel('PIN', { exact: true }).fill(CASHIER.pin);
  await page.keyboard.press('Enter');
  await app.expectSellScreen();
}

// 1366×768 has the same height as 1024×768 and a wider sale: the same sale fits there too.
for (const size of [SIZES[0], SIZES[1]]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a whole sale — search, brand, amount, customer, Review sale — fits without scrolling, for a manager and a cashier', async ({ page, control }) => {
      const app = await b2cCounter(page, control);
      for (const person of ['manager', 'cashier']) {
        if (person === 'cashier') await signInCashier(app);
        for (const brand of [BRANDS.fixed, BRANDS.flexible]) {
          await fillSale(app, brand);
          // Playwright scrolls to whatever it types into: nothing scrolled, so nothing was out of view.
          expect(await scrollY(page), `the page scrolled while the ${person} sold ${brand.title}`).toBe(0);
          expect(await page.locator('.brand-panel__body').evaluate((fields) => (fields as unknown as PageElement).scrollTop), `the sale’s fields scrolled while the ${person} sold ${brand.title}`).toBe(0);
          await expectSaleInView(app, brand);
          if (person === 'cashier' && brand === BRANDS.fixed) await shoot(page, 'sell-brand-cashier');
          await page.getByRole('button', { name: /^Back/ }).click();
          await expect(app.brandHeading).toHaveCount(0);
        }
      }
    });
  });
}

test.describe('at 800×600', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  test('every screen: the banner and the nav stay in view, nothing scrolls sideways, the sale’s buttons fit; axe', async ({ page, control }) => {
    test.slow(); // an axe-core pass per screen
    const app = await b2cCounter(page, control);
    await fillSale(app, BRANDS.fixed);
    await expectWhollyInView(page, app.reviewButton, '“Review sale”');
    await expectNoSeriousA11yViolations(page, 'layout-axe-sell-800x600');
    await app.review();
    await expectWhollyInView(page, app.confirmDialog.getByRole('heading', { name: 'Confirm sale' }), 'the dialog’s title');
    await expectWhollyInView(page, app.confirmDialog.getByRole('radio', { name: 'Cash' }), 'Cash');
    await expectWhollyInView(page, app.confirmDialog.getByRole('button', { name: /^Confirm ₹/ }), 'Confirm');
    await expectNoSeriousA11yViolations(page, 'layout-axe-sale-800x600');
    await app.confirm();
    await expectWhollyInView(page, app.printButton(), 'Print receipt');
    await app.print();
    await app.resultDialog.getByRole('button', { name: /^Next sale/ }).click();

    // Settings › Staff with a row of each kind: the manager, a cashier with every action, a disabled one.
    expect((await app.bridge('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin })).ok).toBe(true);
    const leaver = await app.bridge<{ id: string }>('staff.create', { name: 'Kavya Subramanian', role: 'cashier', pin: '7391' });
    expect((await app.bridge('staff.disable', { staffId: leaver.data!.id })).ok).toBe(true);

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const screen of ['Drawer', 'Orders', 'End of day', 'Catalog', 'Wallet', 'Settings'] as const) {
      await nav.getByRole('button', { name: screen, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
      if (screen === 'Orders') await expect(page.getByRole('table', { name: 'Orders, newest first' }).getByRole('row')).toHaveCount(2);
      await expect(page.locator('.loading')).toHaveCount(0);
      await expectNoSidewaysScroll(page, screen);
      await expectNoSeriousA11yViolations(page, `layout-axe-${screen}-800x600`);
    }
    for (const tab of ['Printer & devices', 'Staff', 'Connection', 'Training']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: tab, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, `Settings › ${tab}`);
      await saveScreen(page, `layout-settings-${tab}-800x600`);
    }

    // The longest page: scrolled well down, the header is still there to go anywhere from.
    await page.getByRole('tab', { name: 'Store & receipt', exact: true }).click();
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await expectWhollyInView(page, page.getByRole('note', { name: 'Environment' }), 'the TRAINING banner');
    for (const screen of ['Sell', 'Drawer', 'Orders', 'End of day', 'Catalog', 'Wallet', 'Settings']) {
      await expectWhollyInView(page, nav.getByRole('button', { name: screen, exact: true }), `nav: ${screen}`);
    }
    await expectWhollyInView(page, page.getByRole('button', { name: 'Sign out' }), 'Sign out');
    await shoot(page, 'settings-scrolled');
  });
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('screenshots: Sell, a sale in progress, Orders and Settings', async ({ page, control }) => {
      const app = await b2cCounter(page, control);
      await shoot(page, 'sell');
      await fillSale(app, BRANDS.fixed);
      await shoot(page, 'sell-brand');
      await app.review();
      await expectWhollyInView(page, app.confirmDialog.getByRole('button', { name: /^Confirm ₹/ }), 'Confirm');
      await shoot(page, 'sale');
      await app.confirm();
      await expectWhollyInView(page, app.printButton(), 'Print receipt');
      await shoot(page, 'sale-done');
      await app.print();
      await app.resultDialog.getByRole('button', { name: /^Next sale/ }).click();
      // A sale still settling, for the pending strip.
      await app.openBrand(BRANDS.processing.title);
      await app.field('Amount of each voucher (₹)').fill('300');
      await app.field('Customer name').fill(CUSTOMER.name);
      await app.field('Mobile number').fill(CUSTOMER.phone);
      await app.review();
      await app.confirm();
      await app.resultDialog.getByRole('button', { name: /^Next sale/ }).click();
      await expect(app.pending).toBeVisible();
      await shoot(page, 'sell-pending');

      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'Orders', exact: true }).click();
      await expect(page.getByRole('table', { name: 'Orders, newest first' }).getByRole('row')).toHaveCount(3);
      await expectNoSidewaysScroll(page, 'Orders');
      await shoot(page, 'orders');
      await saveScreen(page, `layout-orders-page-${size.width}x${size.height}`);
      await nav.getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Store & receipt' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'Settings');
      await shoot(page, 'settings');
      await saveScreen(page, `layout-settings-page-${size.width}x${size.height}`);
    });
  });
}
