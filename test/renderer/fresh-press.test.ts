import { describe, expect, it } from 'vitest';
import { FRESH_PRESS_MS, FreshPressGuard, isFreshPress } from '../../src-renderer/sell/fresh-press.js';

const press = (key: string, timeStamp: number, repeat = false) => ({ key, timeStamp, repeat });

describe('isFreshPress: a press made for the dialog on screen', () => {
  it('needs the dialog shown, no auto-repeat, and FRESH_PRESS_MS since it was shown', () => {
    expect(FRESH_PRESS_MS).toBe(300);
    expect(isFreshPress(press('Enter', 1000), null)).toBe(false);
    expect(isFreshPress(press('Enter', 1040), 1000)).toBe(false);
    expect(isFreshPress(press('Enter', 1299.9), 1000)).toBe(false);
    expect(isFreshPress(press('Enter', 1300), 1000)).toBe(true);
    expect(isFreshPress(press('Enter', 5000, true), 1000)).toBe(false);
    // A press from before the dialog (a queued key) is not for it.
    expect(isFreshPress(press('Enter', 900), 1000)).toBe(false);
  });
});

describe('FreshPressGuard', () => {
  it('ignores a second Enter 40 ms after the dialog shows, and takes the next fresh one', () => {
    const guard = new FreshPressGuard();
    guard.shown(1000);
    expect(guard.keyDown(press('Enter', 1040))).toBe(false);
    expect(guard.keyUp(press('Enter', 1100))).toBe(false);
    expect(guard.keyDown(press('Enter', 1600))).toBe(true);
  });

  it('ignores Enter held down: its repeats never act, however late', () => {
    const guard = new FreshPressGuard();
    guard.shown(1000);
    expect(guard.keyDown(press('Enter', 2000, true))).toBe(false);
    expect(guard.keyDown(press('Enter', 9000, true))).toBe(false);
    // One fresh press acts once; holding it on does not act again.
    expect(guard.keyDown(press('Enter', 9500))).toBe(true);
    expect(guard.keyDown(press('Enter', 10_000, true))).toBe(false);
  });

  it('lets Space press the button on key up only after a fresh key down', () => {
    const guard = new FreshPressGuard();
    guard.shown(1000);
    // Went down before the dialog (or too soon): its key up does not press.
    expect(guard.keyDown(press(' ', 1100))).toBe(false);
    expect(guard.keyUp(press(' ', 1500))).toBe(false);
    // A key up with no key down seen in the dialog: neither.
    expect(guard.keyUp(press(' ', 1600))).toBe(false);
    expect(guard.keyDown(press(' ', 1700))).toBe(true);
    expect(guard.keyUp(press(' ', 1750))).toBe(true);
  });

  it('is armed again when the dialog is shown again (after a failed attempt)', () => {
    const guard = new FreshPressGuard();
    guard.shown(1000);
    expect(guard.keyDown(press(' ', 2000))).toBe(true);
    guard.shown(3000);
    expect(guard.keyUp(press(' ', 3050))).toBe(false);
    expect(guard.keyDown(press('Enter', 3100))).toBe(false);
    expect(guard.keyDown(press('Enter', 3300))).toBe(true);
  });

  it('leaves other keys alone (Esc goes back, Tab moves)', () => {
    const guard = new FreshPressGuard();
    guard.shown(1000);
    for (const key of ['Escape', 'Tab', 'ArrowLeft']) {
      expect(guard.keyDown(press(key, 1001, true))).toBe(true);
      expect(guard.keyUp(press(key, 1002))).toBe(true);
    }
  });
});
