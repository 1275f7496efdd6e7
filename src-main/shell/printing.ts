import { writeFile } from 'node:fs/promises';
import { BrowserWindow, dialog, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { z } from 'zod';
import type { ShellHandler } from '../bridge/bridge.js';
import type { shellMethods } from '../contract/shell.js';
import type { BridgeResult, ShellMethodName } from '../contract/index.js';

type CallResult = BridgeResult<unknown>;

/**
 * Printing, which only the Electron shell can do (the core has no Electron). Four methods
 * reach it through the bridge as the shell's handlers (contract/shell.ts), after its sender,
 * role and input checks:
 *
 * - `printer.list`      the system's printers
 * - `printer.print`     the calling window, silently, to the configured printer and paper
 * - `printer.testPrint` a one-page test slip to a printer and paper the manager is trying out
 * - `printer.savePdf`   the calling window as a PDF, to a file the user picks
 *
 * `printer.print` and `printer.savePdf` print the renderer's own page: the renderer puts the
 * receipt on screen and its print stylesheet (`@media print`) hides everything else. So no
 * HTML from the renderer is ever loaded anywhere else, and what is printed is what was shown.
 */
export type PaperWidth = '58mm' | '80mm' | 'A4';

export interface PrintSettings {
  deviceName: string | null;
  /** false: show the system print dialog instead (a counter without a receipt printer). */
  silent: boolean;
  paperWidth: PaperWidth;
  storeName: string;
}

export interface PrintingDeps {
  /**
   * The contract's shell methods, from the core (loadShellMethods in core/core-bundle.ts): this
   * module is in the shell's own build, and importing them here would bundle a second zod and a
   * second contract into the main process.
   */
  shellMethods: typeof shellMethods;
  settings: () => PrintSettings;
  /** Printing a receipt needs someone signed in at the counter, like every sale action. */
  signedIn: () => Promise<boolean>;
  /** What became of the receipt copy a print token names: printed (the token is spent), or not (the core takes the copy back). */
  receiptPrintOutcome?: (token: string, printed: boolean) => Promise<void> | void;
  now?: () => Date;
}

const WIDTH_MM: Record<PaperWidth, number> = { '58mm': 58, '80mm': 80, A4: 210 };
const A4_HEIGHT_MM = 297;
/** When the renderer does not say how long the receipt is: one long enough for a 10-voucher split. */
const DEFAULT_ROLL_MM = 300;

/**
 * Page size in microns for `webContents.print`. Chromium's silent print ignores the driver's
 * paper size unless `pageSize` is given, and treats a page wider than it is tall as landscape
 * (it would rotate the receipt), so a roll is never shorter than it is wide.
 */
export function printPageSize(paper: PaperWidth, heightMm?: number): { width: number; height: number } {
  const width = WIDTH_MM[paper];
  if (paper === 'A4') return { width: width * 1000, height: A4_HEIGHT_MM * 1000 };
  const height = Math.max(width, Math.round(heightMm ?? DEFAULT_ROLL_MM));
  return { width: width * 1000, height: height * 1000 };
}

/** The same page for `printToPDF`, which takes inches, not microns. */
export function pdfPageSize(paper: PaperWidth, heightMm?: number): { width: number; height: number } {
  const microns = printPageSize(paper, heightMm);
  return { width: microns.width / 25_400, height: microns.height / 25_400 };
}


const ok = (data: unknown): CallResult => ({ ok: true, data });
const err = (code: string, message: string, action?: string): CallResult => ({ ok: false, error: { code, message, ...(action ? { action } : {}) } });
const PRINTER_ACTION = 'Check that the printer is on, online and has paper, or pick another printer in Settings.';

function parse<T>(schema: z.ZodType<T>, payload: unknown): { ok: true; value: T } | { ok: false; result: CallResult } {
  const parsed = schema.safeParse(payload ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, result: err('BAD_REQUEST', 'The print request was not understood; nothing was printed') };
}

/** `webContents.print` reports through a callback; a cancelled dialog is not a printer fault. */
function printContents(contents: WebContents, options: Electron.WebContentsPrintOptions): Promise<CallResult> {
  return new Promise((resolve) => {
    contents.print(options, (success, failureReason) => {
      if (success) resolve(ok({ printed: true, deviceName: options.deviceName ?? null }));
      else if (/cancel/i.test(failureReason)) resolve(err('PRINT_CANCELLED', 'Printing was cancelled; nothing was printed'));
      else resolve(err('PRINT_FAILED', `The printer did not take the job (${failureReason || 'no reason given'})`, PRINTER_ACTION));
    });
  });
}

function printOptions(settings: PrintSettings, paper: PaperWidth, deviceName: string | null, height?: number): Electron.WebContentsPrintOptions {
  return {
    silent: settings.silent,
    // Without a device name a silent print goes to the system's default printer.
    ...(deviceName ? { deviceName } : {}),
    pageSize: printPageSize(paper, height),
    margins: { marginType: 'none' },
    printBackground: false,
    // Receipts are black on white; colour mode only slows some drivers and wastes ink on A4.
    color: false,
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-contained slip: no script, no network, sized to the paper being tested. */
export function testSlipHtml(storeName: string, paper: PaperWidth, deviceName: string | null, at: Date): string {
  const width = WIDTH_MM[paper];
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test print</title>
<style>@page{size:${width}mm auto;margin:0}body{font:12px/1.4 sans-serif;margin:0;padding:3mm;width:${width - 6}mm}
h1{font-size:16px;margin:0 0 2mm}.rule{border-top:1px dashed #000;margin:2mm 0}</style></head><body>
<h1>Test print</h1><div>${escapeHtml(storeName)}</div><div class="rule"></div>
<div>Printer: ${escapeHtml(deviceName ?? 'system default')}</div><div>Paper: ${paper}</div>
<div>${escapeHtml(at.toISOString())}</div><div class="rule"></div><div>If this is readable and not cut off, printing works.</div>
</body></html>`;
}

/** The bridge passes the host's call context through: in the shell, the IPC event of the calling window. */
const senderOf = (context: unknown): WebContents => (context as IpcMainInvokeEvent).sender;

async function withSignedIn(deps: PrintingDeps, run: () => Promise<CallResult>): Promise<CallResult> {
  if (!(await deps.signedIn())) return err('UNAUTHENTICATED', 'Sign in with your PIN first');
  return run();
}

/** The shell's handlers, keyed by method name, for `createBridge(core, { shellHandlers })`. */
export function printingHandlers(deps: PrintingDeps): Record<ShellMethodName, ShellHandler> {
  const now = deps.now ?? (() => new Date());
  // The bridge has parsed each input with these already; a handler parses again rather than trust a cast.
  const inputs = {
    list: deps.shellMethods['printer.list'].input,
    print: deps.shellMethods['printer.print'].input,
    testPrint: deps.shellMethods['printer.testPrint'].input,
    savePdf: deps.shellMethods['printer.savePdf'].input,
  };
  return {
    // Like every other shell method: a locked or signed-out counter learns nothing about the shop's devices.
    'printer.list': (payload, context) =>
      withSignedIn(deps, async () => {
        const input = parse(inputs.list, payload);
        if (!input.ok) return input.result;
        const printers = await senderOf(context).getPrintersAsync();
        return ok({ printers: printers.map((p) => ({ name: p.name, displayName: p.displayName || p.name, description: p.description })) });
      }),

    'printer.print': (payload, context) =>
      withSignedIn(deps, async () => {
        const input = parse(inputs.print, payload);
        if (!input.ok) return input.result;
        const settings = deps.settings();
        const options = printOptions(settings, settings.paperWidth, settings.deviceName, input.value.heightMm);
        // A receipt copy is one copy: counted once, printed once.
        const outcome = await printContents(senderOf(context), { ...options, copies: input.value.receipt ? 1 : (input.value.copies ?? 1) });
        // Seen here, not said by the page: only a print that did not happen gives its copy back.
        const { receipt } = input.value;
        if (receipt) await deps.receiptPrintOutcome?.(receipt.token, outcome.ok);
        return outcome;
      }),

    'printer.testPrint': (payload) =>
      withSignedIn(deps, async () => {
        const input = parse(inputs.testPrint, payload);
        if (!input.ok) return input.result;
        const settings = deps.settings();
        const paper = input.value.paperWidth ?? settings.paperWidth;
        const deviceName = input.value.deviceName === undefined ? settings.deviceName : input.value.deviceName;
        // A hidden, script-less window of our own: the slip never touches the app's page.
        const window = new BrowserWindow({ show: false, webPreferences: { sandbox: true, contextIsolation: true, javascript: false } });
        try {
          await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(testSlipHtml(settings.storeName, paper, deviceName, now()))}`);
          return await printContents(window.webContents, printOptions({ ...settings, silent: true }, paper, deviceName, 120));
        } finally {
          window.destroy();
        }
      }),

    'printer.savePdf': (payload, context) =>
      withSignedIn(deps, async () => {
        const input = parse(inputs.savePdf, payload);
        if (!input.ok) return input.result;
        const settings = deps.settings();
        const owner = BrowserWindow.fromWebContents(senderOf(context));
        const options = {
          title: 'Save receipt as PDF',
          defaultPath: input.value.fileName ?? `receipt-${now().toISOString().slice(0, 10)}.pdf`,
          filters: [{ name: 'PDF', extensions: ['pdf'] }],
        };
        const choice = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
        if (choice.canceled || !choice.filePath) return ok({ saved: false, path: null });
        const path = /\.pdf$/i.test(choice.filePath) ? choice.filePath : `${choice.filePath}.pdf`;
        try {
          const pdf = await senderOf(context).printToPDF({
            pageSize: pdfPageSize(settings.paperWidth, input.value.heightMm),
            margins: { top: 0, bottom: 0, left: 0, right: 0 },
            printBackground: true,
          });
          await writeFile(path, pdf);
          return ok({ saved: true, path });
        } catch (error) {
          return err('PDF_FAILED', `The PDF could not be saved (${(error as Error).message})`, 'Choose another folder, or check the disk is not full.');
        }
      }),
  };
}
