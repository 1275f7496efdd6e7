import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import type { ShellMethodName } from '../../src-main/contract/index.js';

/** Electron faked: a print callback we control, a save dialog, and hidden windows we can inspect. */
const electron = vi.hoisted(() => {
  const windows: { loadURL: ReturnType<typeof vi.fn>; destroy: ReturnType<typeof vi.fn>; webContents: unknown; options: unknown }[] = [];
  const printResult = { success: true, reason: '' };
  const makeContents = () => ({
    print: vi.fn((_options: unknown, callback: (success: boolean, reason: string) => void) => callback(printResult.success, printResult.reason)),
    printToPDF: vi.fn(async (_options: unknown) => Buffer.from('%PDF-1.7 fake')),
    getPrintersAsync: vi.fn(async () => [
      { name: 'TVS_RP3160', displayName: 'TVS RP3160 Gold', description: 'Thermal 80 mm', options: {} },
      { name: 'Office_A4', displayName: '', description: 'Laser', options: {} },
    ]),
  });
  class BrowserWindow {
    static fromWebContents = vi.fn(() => null);
    loadURL = vi.fn(async () => undefined);
    destroy = vi.fn();
    webContents = makeContents();
    constructor(readonly options: unknown) {
      windows.push(this);
    }
  }
  return { BrowserWindow, dialog: { showSaveDialog: vi.fn() }, windows, printResult, makeContents };
});
vi.mock('electron', () => electron);

const { printingHandlers, printPageSize, pdfPageSize, testSlipHtml } = await import('../../src-main/shell/printing.js');
const { SHELL_METHOD_NAMES } = await import('../../src-main/contract/names.js');
// As the core bundle hands them over (loadShellMethods).
const { loadShellMethods } = await import('../../src-main/core/core-bundle.js');
const shellMethods = await loadShellMethods();

let settings = { deviceName: 'TVS_RP3160' as string | null, silent: true, paperWidth: '80mm' as '58mm' | '80mm' | 'A4', storeName: 'Shah & Sons <Andheri>' };
let signedIn = true;
let sender: ReturnType<typeof electron.makeContents>;
/** What the shell told the core of each receipt copy it printed, by token. */
const outcomes: [string, boolean][] = [];
const handlers = () =>
  printingHandlers({
    shellMethods,
    settings: () => settings,
    signedIn: async () => signedIn,
    receiptPrintOutcome: (token, printed) => void outcomes.push([token, printed]),
    now: () => new Date('2026-11-25T10:00:00Z'),
  });
const call = (method: ShellMethodName, payload: unknown = {}) => handlers()[method](payload, { sender } as unknown as IpcMainInvokeEvent);

beforeEach(() => {
  settings = { deviceName: 'TVS_RP3160', silent: true, paperWidth: '80mm', storeName: 'Shah & Sons <Andheri>' };
  signedIn = true;
  sender = electron.makeContents();
  electron.windows.length = 0;
  electron.printResult.success = true;
  electron.printResult.reason = '';
  electron.dialog.showSaveDialog.mockReset();
  outcomes.length = 0;
});

describe('page sizes', () => {
  it('gives Chromium the paper in microns (silent print ignores the driver’s paper size otherwise)', () => {
    expect(printPageSize('58mm', 150)).toEqual({ width: 58_000, height: 150_000 });
    expect(printPageSize('80mm', 212.4)).toEqual({ width: 80_000, height: 212_000 });
    expect(printPageSize('A4', 50)).toEqual({ width: 210_000, height: 297_000 });
  });

  it('never makes a roll shorter than it is wide (Chromium would turn it to landscape)', () => {
    expect(printPageSize('80mm', 30)).toEqual({ width: 80_000, height: 80_000 });
    expect(printPageSize('58mm')).toEqual({ width: 58_000, height: 300_000 });
  });

  it('gives printToPDF the same page in inches', () => {
    const size = pdfPageSize('80mm', 254);
    expect(size.width).toBeCloseTo(80 / 25.4, 6);
    expect(size.height).toBeCloseTo(10, 6);
  });
});

describe('every shell-only method', () => {
  it.each(SHELL_METHOD_NAMES)('%s needs someone signed in, and touches no printer, dialog or window', async (method) => {
    signedIn = false;
    expect(await call(method, {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(sender.getPrintersAsync).not.toHaveBeenCalled();
    expect(sender.print).not.toHaveBeenCalled();
    expect(sender.printToPDF).not.toHaveBeenCalled();
    expect(electron.dialog.showSaveDialog).not.toHaveBeenCalled();
    expect(electron.windows).toHaveLength(0);
  });

  it('has a handler for each name the preload exposes, and none besides', () => {
    expect(Object.keys(handlers()).sort()).toEqual([...SHELL_METHOD_NAMES].sort());
  });
});

describe('printer.list', () => {
  it('lists the system printers with a display name for each', async () => {
    expect(await call('printer.list')).toEqual({
      ok: true,
      data: {
        printers: [
          { name: 'TVS_RP3160', displayName: 'TVS RP3160 Gold', description: 'Thermal 80 mm' },
          { name: 'Office_A4', displayName: 'Office_A4', description: 'Laser' },
        ],
      },
    });
  });
});

describe('printer.print', () => {
  it('prints the calling window silently to the configured printer at the configured width', async () => {
    expect(await call('printer.print', { heightMm: 180 })).toEqual({ ok: true, data: { printed: true, deviceName: 'TVS_RP3160' } });
    expect(sender.print).toHaveBeenCalledWith(
      expect.objectContaining({ silent: true, deviceName: 'TVS_RP3160', pageSize: { width: 80_000, height: 180_000 }, margins: { marginType: 'none' }, copies: 1 }),
      expect.any(Function),
    );
  });

  it('uses the system default printer when none is configured, and the dialog when silent printing is off', async () => {
    settings = { ...settings, deviceName: null, silent: false, paperWidth: '58mm' };
    await call('printer.print');
    const options = sender.print.mock.calls[0]![0] as Record<string, unknown>;
    expect(options).not.toHaveProperty('deviceName');
    expect(options).toMatchObject({ silent: false, pageSize: { width: 58_000 } });
  });

  it('turns a printer failure into an error value with an action, and a cancel into PRINT_CANCELLED', async () => {
    electron.printResult.success = false;
    electron.printResult.reason = 'Printer is offline';
    expect(await call('printer.print')).toMatchObject({ ok: false, error: { code: 'PRINT_FAILED', message: expect.stringContaining('offline'), action: expect.any(String) } });
    electron.printResult.reason = 'cancelled';
    expect(await call('printer.print')).toMatchObject({ ok: false, error: { code: 'PRINT_CANCELLED' } });
  });

  it('tells the core what became of the receipt copy it names: printed, or not (failed, cancelled)', async () => {
    const token = (n: number) => `receipt-copy-token-${n}`;
    expect(await call('printer.print', { heightMm: 120, receipt: { token: token(1) } })).toMatchObject({ ok: true });
    electron.printResult.success = false;
    electron.printResult.reason = 'Out of paper';
    expect(await call('printer.print', { heightMm: 120, receipt: { token: token(2) } })).toMatchObject({ ok: false, error: { code: 'PRINT_FAILED' } });
    electron.printResult.reason = 'cancelled';
    expect(await call('printer.print', { heightMm: 120, receipt: { token: token(3) } })).toMatchObject({ ok: false, error: { code: 'PRINT_CANCELLED' } });
    // A receipt copy prints once, whatever number of copies is asked for.
    electron.printResult.success = true;
    await call('printer.print', { heightMm: 120, copies: 5, receipt: { token: token(4) } });
    expect(sender.print).toHaveBeenLastCalledWith(expect.objectContaining({ copies: 1 }), expect.any(Function));
    electron.printResult.success = false;
    // A report names no receipt copy.
    expect(await call('printer.print', { heightMm: 120 })).toMatchObject({ ok: false });
    expect(outcomes).toEqual([
      [token(1), true],
      [token(2), false],
      [token(3), false],
      [token(4), true],
    ]);
  });

  it.each([{ heightMm: 5 }, { heightMm: 1e9 }, { copies: 50 }, { deviceName: 'other' }, { receipt: { token: 'short' } }, { receipt: { saleId: 'sale-1', copy: 1 } }, 'x'])('refuses a bad payload %j and prints nothing', async (payload) => {
    expect(await call('printer.print', payload)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(sender.print).not.toHaveBeenCalled();
  });

  it('needs someone signed in', async () => {
    signedIn = false;
    expect(await call('printer.print')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(sender.print).not.toHaveBeenCalled();
  });
});

describe('printer.testPrint', () => {
  it('prints a script-less slip in a hidden window of its own, then destroys the window', async () => {
    const result = await call('printer.testPrint', { deviceName: 'Office_A4', paperWidth: 'A4' });
    expect(result).toEqual({ ok: true, data: { printed: true, deviceName: 'Office_A4' } });
    const [window] = electron.windows;
    expect(window!.options).toMatchObject({ show: false, webPreferences: { sandbox: true, javascript: false } });
    const url = window!.loadURL.mock.calls[0]![0] as string;
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    const html = decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
    expect(html).toContain('Shah &amp; Sons &lt;Andheri&gt;');
    expect(html).not.toContain('<script');
    expect((window!.webContents as ReturnType<typeof electron.makeContents>).print).toHaveBeenCalledWith(
      expect.objectContaining({ silent: true, deviceName: 'Office_A4', pageSize: { width: 210_000, height: 297_000 } }),
      expect.any(Function),
    );
    expect(window!.destroy).toHaveBeenCalled();
    expect(sender.print).not.toHaveBeenCalled();
  });

  it('falls back to the configured printer and paper, and destroys the window even when printing fails', async () => {
    electron.printResult.success = false;
    electron.printResult.reason = 'Invalid deviceName provided';
    expect(await call('printer.testPrint')).toMatchObject({ ok: false, error: { code: 'PRINT_FAILED' } });
    const contents = electron.windows[0]!.webContents as ReturnType<typeof electron.makeContents>;
    expect(contents.print.mock.calls[0]![0]).toMatchObject({ deviceName: 'TVS_RP3160', pageSize: { width: 80_000 } });
    expect(electron.windows[0]!.destroy).toHaveBeenCalled();
  });

  it('escapes what it puts in the slip', () => {
    expect(testSlipHtml('<img src=x onerror=alert(1)>', '58mm', null, new Date(0))).not.toContain('<img');
  });
});

describe('printer.savePdf', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gv-pdf-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('asks where to save, prints the window to PDF at the paper size, and writes it', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: join(dir, 'sale-42') });
    const result = await call('printer.savePdf', { heightMm: 254, fileName: 'sale-42.pdf' });
    expect(result).toEqual({ ok: true, data: { saved: true, path: join(dir, 'sale-42.pdf') } });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: 'sale-42.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] }));
    const options = sender.printToPDF.mock.calls[0]![0] as { pageSize: { width: number; height: number } };
    expect(options.pageSize.height).toBeCloseTo(10, 6);
    expect(readFileSync(join(dir, 'sale-42.pdf'), 'utf8')).toBe('%PDF-1.7 fake');
  });

  it('does nothing when the dialog is cancelled', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    expect(await call('printer.savePdf')).toEqual({ ok: true, data: { saved: false, path: null } });
    expect(sender.printToPDF).not.toHaveBeenCalled();
  });

  it('reports a file that cannot be written as an error value', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: join(dir, 'missing', 'x.pdf') });
    expect(await call('printer.savePdf')).toMatchObject({ ok: false, error: { code: 'PDF_FAILED' } });
  });

  it('refuses a file name with a path in it', async () => {
    expect(await call('printer.savePdf', { fileName: '../../etc/x.pdf' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(electron.dialog.showSaveDialog).not.toHaveBeenCalled();
  });
});
