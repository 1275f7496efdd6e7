import { callFromPage, expect, test } from './fixtures/index.js';

/**
 * The browser host end to end, whatever the screens currently are: the built renderer loads in
 * Chromium under the host's CSP, the page can call the bridge over /api/call, and core events
 * reach it over /api/events.
 */
test('the renderer loads and talks to the core over HTTP and server-sent events', async ({ page, sandbox }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.reload();

  await expect(page).toHaveTitle('Gift Voucher POS');
  await expect(page.locator('#root > *').first()).toBeVisible();
  // Strict image policy, as in the desktop app: a logo straight from the sandbox is refused;
  // logos reach the page as data: URLs from main (catalog.image).
  const metaCsp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(metaCsp).toContain("img-src 'self' data:;");
  expect(metaCsp).not.toContain('unsafe-eval');
  const logo = `${sandbox.url}/assets/brands/TEST_FIXED_STANDARD/logo.svg`;
  // A string expression: the e2e project is type-checked with Node's types, which have no Image.
  const loadImage = (src: string) => `new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0);
    img.onerror = () => resolve(false);
    img.src = ${JSON.stringify(src)};
  })`;
  expect(await page.evaluate(loadImage(logo))).toBe(false);

  // The page's own fetch: its cookie and Origin, as pos-client sends them.
  expect(await callFromPage(page, 'app.info')).toMatchObject({ ok: true, data: { environment: 'training', training: true } });

  // Subscribe first, then act: the event must come from the call the page makes.
  const event = await page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const source = new EventSource('/api/events');
        const timer = setTimeout(() => reject(new Error('no session.changed within 10 s')), 10_000);
        source.onmessage = (message) => {
          const data = JSON.parse(message.data as string) as { name: string; payload: unknown };
          if (data.name !== 'session.changed') return;
          clearTimeout(timer);
          source.close();
          resolve(data);
        };
        source.onopen = () => {
          void fetch('/api/call', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ method: 'staff.setupFirstManager', payload: { name: 'Meera Shah', pin: '2580' } }),
          });
        };
      }),
  );
  expect(event).toMatchObject({ name: 'session.changed', payload: { signedIn: true, role: 'manager' } });

  // Signed in now: the logo arrives through main as a data: URL, which the policy allows.
  const image = (await callFromPage(page, 'catalog.image', { productId: 'TEST_FIXED_STANDARD', kind: 'logo' })) as { ok: boolean; data: { dataUrl: string } };
  expect(image.data.dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(await page.evaluate(loadImage(image.data.dataUrl))).toBe(true);
  expect(cspViolations.filter((v) => !v.includes(sandbox.url))).toEqual([]);
});

test('printing to a device answers NOT_IN_BROWSER in the browser host', async ({ page }) => {
  expect(await callFromPage(page, 'printer.list')).toMatchObject({ ok: false, error: { code: 'NOT_IN_BROWSER' } });
});

test('without an OS keychain, every screen says where the Training key is kept', async ({ page }) => {
  const banner = page.getByRole('note', { name: 'Environment' });
  await expect(banner).toContainText('TRAINING');
  await banner.getByText('No OS keychain on this computer').click();
  await expect(banner).toContainText('training-local-key.NOT-PROTECTED');
  expect(await callFromPage(page, 'app.info')).toMatchObject({ ok: true, data: { keyProtection: 'local-file', keyWarning: expect.stringContaining('NOT-PROTECTED') } });
});
