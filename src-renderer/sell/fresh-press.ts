/**
 * A confirmation acts only on a key pressed for it. Enter pressed twice in quick succession on
 * "Review sale" (or held down) would otherwise land its second press on Confirm, which takes
 * focus as the dialog opens, and place the sale unseen. So a key that activates (Enter, or
 * Space on a button) counts only when it is not auto-repeat and went down at least
 * FRESH_PRESS_MS after the dialog was shown; a person reading the total takes longer.
 */
export const FRESH_PRESS_MS = 300;

/** Keys whose default action presses the focused button. */
const ACTIVATING = new Set(['Enter', ' ']);

/** The parts of a KeyboardEvent the guard reads; `timeStamp` is on the performance.now() clock. */
export interface KeyPress {
  key: string;
  repeat: boolean;
  timeStamp: number;
}

export function isFreshPress(press: KeyPress, shownAt: number | null, guardMs = FRESH_PRESS_MS): boolean {
  if (press.repeat || shownAt === null) return false;
  return press.timeStamp - shownAt >= guardMs;
}

/**
 * Key by key, whether the dialog lets a press act. Space presses a button on key up, so its
 * key up acts only after a fresh key down inside the dialog.
 */
export class FreshPressGuard {
  private shownAt: number | null = null;
  private readonly down = new Set<string>();

  constructor(private readonly guardMs = FRESH_PRESS_MS) {}

  /** The dialog is on screen (again) as of `at`: presses before `at + guardMs` do not act. */
  shown(at: number): void {
    this.shownAt = at;
    this.down.clear();
  }

  keyDown(press: KeyPress): boolean {
    if (!ACTIVATING.has(press.key)) return true;
    if (isFreshPress(press, this.shownAt, this.guardMs)) {
      this.down.add(press.key);
      return true;
    }
    // A repeat of a fresh press is still the same press: it must not act twice either.
    if (!press.repeat) this.down.delete(press.key);
    return false;
  }

  keyUp(press: KeyPress): boolean {
    if (!ACTIVATING.has(press.key)) return true;
    return this.down.delete(press.key);
  }
}
