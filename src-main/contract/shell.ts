import { z } from 'zod';
import { needs, signedIn } from './define.js';
import { empty } from './fields.js';

/**
 * Methods only the Electron shell answers (they need a printer or a file dialog): main
 * routes them to shell/printing.ts at the same IPC choke point, after the same sender, role
 * and input checks; the core's bridge has no Electron, and the browser host answers them
 * with NOT_IN_BROWSER.
 */
const paperWidth = z.enum(['58mm', '80mm', 'A4']);
/** Receipt length as laid out for print (the renderer measures it); bounded so a bug cannot feed metres of paper. */
const heightMm = z.number().finite().min(20).max(2000).optional();

export interface PrinterInfo {
  name: string;
  displayName: string;
  description: string;
}

export interface PrintOutcome {
  printed: true;
  deviceName: string | null;
}

export const shellMethods = {
  'printer.list': needs('settings')(empty).returns<{ printers: PrinterInfo[] }>(),
  /**
   * `receipt`: the receipt copy being printed, by the token receipt.print gave it. If the printer
   * does not take it, main takes that copy back: a first copy is owed again, and printing it again
   * is not a reprint. A token is good for one print, for a few minutes.
   */
  'printer.print': signedIn(
    z.strictObject({ heightMm, copies: z.number().int().min(1).max(5).optional(), receipt: z.strictObject({ token: z.string().min(16).max(100) }).optional() }),
  ).returns<PrintOutcome>(),
  'printer.testPrint': needs('settings')(z.strictObject({ deviceName: z.string().min(1).max(200).nullable().optional(), paperWidth: paperWidth.optional() })).returns<PrintOutcome>(),
  'printer.savePdf': signedIn(
    z.strictObject({ heightMm, fileName: z.string().regex(/^[\w .-]{1,80}$/, 'letters, digits, spaces, dots and dashes only').optional() }),
  ).returns<{ saved: false; path: null } | { saved: true; path: string }>(),
};

export type ShellMethodName = keyof typeof shellMethods;
