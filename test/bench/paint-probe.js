/* global window, document, requestAnimationFrame, MutationObserver */
/**
 * Installed in every page by startup.bench.ts and paint.bench.ts (context.addInitScript), before
 * the page's own scripts. Plain JavaScript on purpose: Playwright sends it as text, and a
 * transpiled function could carry helpers (tsx's __name) that do not exist in the page.
 *
 * "Painted" is approximated as rAF + setTimeout(0): the rAF callback runs just before the
 * frame's style, layout and paint, and a task queued from it runs once that frame is done.
 * Every time is performance.now(), which counts from the navigation's start.
 */
(() => {
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  const once = () => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return { promise, resolve };
  };

  // Start-up: the sell screen's search box exists, is shown, enabled and has the focus.
  const interactive = once();
  let usableAt = null;
  const usable = () => {
    const el = document.getElementById('brand-search');
    return Boolean(el && !el.disabled && el.getClientRects().length > 0 && document.activeElement === el);
  };
  const watchStart = () => {
    if (usableAt !== null || !usable()) return;
    usableAt = performance.now();
    startObserver.disconnect();
    void painted().then((paintedAt) => interactive.resolve({ usableAt, paintedAt }));
  };
  const startObserver = new MutationObserver(watchStart);
  startObserver.observe(document, { subtree: true, childList: true, attributes: true });
  // The app focuses the box in an effect after mounting it: a focus change is not a mutation.
  document.addEventListener('focusin', watchStart, true);

  const loaded = once();
  window.addEventListener('load', () => void painted().then(loaded.resolve));

  // Keystrokes: keydown (capture on window, ahead of every app listener) starts the clock;
  // "echo" ends at the frame after the input event, "results" at the frame after the result
  // list says it is current again (aria-busy="false" on the results section).
  let key = null;
  window.addEventListener(
    'keydown',
    () => {
      if (key && key.t0 === null) {
        key.t0 = performance.now();
        // A keystroke the page answers itself never makes the list busy: then the results are
        // current at the first frame after the key (checked when that frame comes).
        if (key.mode === 'settle') {
          const k = key;
          void painted().then((t) => {
            if (k.results !== null || resultsSection()?.getAttribute('aria-busy') !== 'false') return;
            k.results = t - k.t0;
            settle(k);
          });
        }
      }
    },
    true,
  );
  window.addEventListener(
    'input',
    () => {
      if (!key || key.mode === 'settle' || key.t0 === null || key.echo !== null) return;
      const k = key;
      k.echo = -1;
      void painted().then((t) => {
        k.echo = t - k.t0;
        // Answered in the page: the list never went busy, so it was current in this same frame.
        if (k.mode === 'results' && k.results === null && resultsSection()?.getAttribute('aria-busy') === 'false') k.results = k.echo;
        settle(k);
      });
    },
    true,
  );
  const resultsSection = () => document.querySelector('section[aria-labelledby="results-heading"]');
  new MutationObserver(() => {
    if (!key || key.mode === 'echo' || key.t0 === null || key.results !== null) return;
    if (resultsSection()?.getAttribute('aria-busy') !== 'false') return;
    const k = key;
    k.results = -1;
    void painted().then((t) => {
      k.results = t - k.t0;
      settle(k);
    });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const settle = (k) => {
    const needEcho = k.mode !== 'settle';
    const needResults = k.mode !== 'echo';
    if (needEcho && (k.echo === null || k.echo < 0)) return;
    if (needResults && (k.results === null || k.results < 0)) return;
    clearTimeout(k.timer);
    k.done.resolve({ echo: needEcho ? k.echo : null, results: needResults ? k.results : null });
  };

  window.__benchProbe = {
    interactive: () => interactive.promise,
    loaded: () => loaded.promise,
    /**
     * Call before pressing a key; then `done()` answers its times in ms. mode: 'echo' (the
     * typed character painted), 'results' (echo and the updated results painted), 'settle'
     * (results only: a key like Escape that changes the box without an input event).
     */
    arm(mode) {
      const done = once();
      const k = { mode, t0: null, echo: null, results: null, done, timer: null };
      k.timer = setTimeout(() => done.resolve({ timeout: true, echo: k.echo, results: k.results }), 10000);
      key = k;
    },
    done: () => key.done.promise,
    /** A bare input outside the app, for the browser's own keystroke-to-echo floor. */
    bareInput() {
      let el = document.getElementById('bench-bare-input');
      if (!el) {
        el = document.createElement('input');
        el.id = 'bench-bare-input';
        el.style.cssText = 'position:fixed;top:0;left:0;width:200px;z-index:2147483647';
        document.body.append(el);
      }
      el.value = '';
      el.focus();
    },
    focusSearch() {
      document.getElementById('brand-search')?.focus();
    },
    /** The bridge call the search box makes, straight from the page, timed: the IPC floor. */
    async lookup(text) {
      const t0 = performance.now();
      const res = await fetch('/api/call', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'catalog.search', payload: { includeInactive: true, limit: 60, text } }),
      });
      const body = await res.json();
      const ms = performance.now() - t0;
      return { ms, ok: body.ok === true, count: body.ok ? body.data.brands.length : -1 };
    },
  };
})();
