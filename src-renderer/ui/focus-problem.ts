import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Where focus goes after a refusal, so a person on the keyboard corrects and tries again
 * without the mouse: the field to correct, never a disabled control or the page's body.
 */

/** Whether focus can rest on `el` now (on the page, not disabled, not in a disabled fieldset). */
export const canFocus = (el: Element | null | undefined): el is HTMLElement => el instanceof HTMLElement && el.isConnected && !el.matches(':disabled');

/**
 * The control a refusal asks the person to correct inside `root`: the first one marked invalid,
 * else one that stands for a problem with no field of its own (`data-problem-focus`, e.g. the
 * first row of a note-by-note count whose total was refused).
 */
export function problemControl(root: ParentNode | null | undefined): HTMLElement | null {
  const found = [...(root?.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-problem-focus]') ?? [])].filter(canFocus);
  return found.find((el) => el.getAttribute('aria-invalid') === 'true') ?? found[0] ?? null;
}

/**
 * For a form whose submit, or the Confirm dialog it opens, can be refused: call the returned
 * function in the same update that shows the problems (and closes the dialog). Once they are on
 * screen — after the dialog has handed focus back to where it was opened from — focus goes to
 * the first field to correct in `form`.
 */
export function useFocusOnRefusal(form: RefObject<HTMLElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) problemControl(form.current)?.focus();
  }, [refusals, form]);
  return useCallback(() => setRefusals((n) => n + 1), []);
}

/**
 * For a step whose controls are disabled while its attempt is on the way (a focused field that
 * is disabled loses focus to the body): `attempting()` notes where focus was as the attempt
 * starts. When `busy` ends with the step still shown (the attempt was refused), focus goes to
 * the first field to correct in `root`, else back where it was, else to `fallback` (Confirm).
 */
export function useFocusAfterAttempt(busy: boolean, root: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>): () => void {
  const before = useRef<Element | null>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended) return;
    const inside = (el: Element | null) => (canFocus(el) && root.current?.contains(el) ? el : null);
    const target = problemControl(root.current) ?? inside(before.current) ?? (canFocus(fallback.current) ? fallback.current : null);
    target?.focus();
  }, [busy, root, fallback]);
  return useCallback(() => {
    before.current = document.activeElement;
  }, []);
}
