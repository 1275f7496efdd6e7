import type { Page } from '@playwright/test';
import { assertCatalog, freshPage, hostWithCatalog, launchChromium } from './browser.js';
import { generateBrands } from './brands.js';
import { row, seeded, summarize, type BenchRow } from './stats.js';

interface KeyTimes {
  echo: number | null;
  results: number | null;
  timeout?: boolean;
}

/** Presses one key with the in-page probe armed (paint-probe.js) and answers its times. */
async function timedKey(page: Page, key: string, mode: 'echo' | 'results' | 'settle'): Promise<KeyTimes> {
  await page.evaluate(`window.__benchProbe.arm(${JSON.stringify(mode)})`);
  await page.keyboard.press(key);
  const t = (await page.evaluate('window.__benchProbe.done()')) as KeyTimes;
  if (t.timeout) throw new Error(`no ${mode} paint within 10 s of pressing ${JSON.stringify(key)}: ${JSON.stringify(t)}`);
  return t;
}

/**
 * Keystroke to painted results on the sell screen with `brands` brands in the catalog: words
 * from the catalog's titles typed one key at a time into the search box; each key timed from
 * its keydown to the frame that shows the results list current again. Beside it, in the same
 * page: a bare <input> outside the app (the browser's own keystroke-to-paint floor), the app's
 * own echo of the typed character, and the bridge call the search makes (catalog.search from
 * the page, the IPC floor).
 */
export async function benchPaint(brands: number, keystrokes: number, log: (s: string) => void): Promise<BenchRow[]> {
  const app = await hostWithCatalog(brands);
  const browser = await launchChromium();
  const results: number[] = [];
  const echo: number[] = [];
  const bare: number[] = [];
  const lookups: number[] = [];
  try {
    const page = await freshPage(browser);
    await page.goto(app.host.launchUrl, { waitUntil: 'commit' });
    await page.evaluate('window.__benchProbe.interactive()');

    // Whole first words of titles from the same catalog, chosen deterministically.
    const rand = seeded(11);
    const catalog = generateBrands(brands);
    const words: string[] = [];
    for (let typed = 0; typed < keystrokes + 10; ) {
      const w = catalog[Math.floor(rand() * catalog.length)]!.title.split(' ')[0]!.toLowerCase().slice(0, 6);
      words.push(w);
      typed += w.length;
    }

    const bareKeys = async (n: number, record: boolean) => {
      await page.evaluate('window.__benchProbe.bareInput()');
      for (let i = 0; i < n; i++) {
        const t = await timedKey(page, words[i % words.length]![i % 3] ?? 'a', 'echo');
        if (record) bare.push(t.echo!);
      }
      await page.evaluate('window.__benchProbe.focusSearch()');
    };

    // Warm-up, untimed: one word and a few bare keys (first render paths, JIT).
    await bareKeys(5, false);
    for (const ch of words[0]!) await timedKey(page, ch, 'results');
    await timedKey(page, 'Escape', 'settle');

    // The bare-input floor in two halves, before and after, so drift hits both sides alike.
    await bareKeys(Math.ceil(keystrokes / 2), true);
    let typed = 0;
    for (const w of words.slice(1)) {
      if (typed >= keystrokes) break;
      for (const ch of w) {
        if (typed >= keystrokes) break;
        const t = await timedKey(page, ch, 'results');
        results.push(t.results!);
        echo.push(t.echo!);
        typed++;
      }
      // The lookup the box just made, as a bare bridge call from the page.
      const text = (await page.locator('#brand-search').inputValue()).trim();
      const l = (await page.evaluate(`window.__benchProbe.lookup(${JSON.stringify(text)})`)) as { ms: number; ok: boolean; count: number };
      if (!l.ok) throw new Error(`catalog.search from the page failed for ${JSON.stringify(text)}`);
      lookups.push(l.ms);
      await timedKey(page, 'Escape', 'settle');
    }
    await bareKeys(Math.floor(keystrokes / 2), true);
    assertCatalog(app.host, brands);
  } finally {
    await browser.close();
    await app.close();
  }
  log(`  paint: ${results.length} keystrokes, results p95 ${summarize(results).p95.toFixed(0)} ms`);
  return [
    row('paint', `keystroke → results painted, ${brands} brands`, summarize(results), summarize(bare), 'bare <input> echo, same page'),
    row('paint', '  of which: the typed character painted (app echo)', summarize(echo), summarize(bare), 'bare <input> echo, same page'),
    row('paint', '  of which: catalog.search over the bridge, from the page', summarize(lookups), null, '—', 'one per word typed'),
  ];
}
