import { useEffect, useState, type KeyboardEvent } from 'react';
import { FreshPressGuard } from './fresh-press';

/** A text field takes Space as a character, never as a press of a button. */
const typesSpace = (el: EventTarget): boolean =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(el.type));

/**
 * The fresh-press guard (fresh-press.ts) for a step that moves money: put both handlers on the
 * step's wrapper. The step counts as shown again each time `active` turns true (after the
 * Dialog's own effect has shown it and focused its button), e.g. after a failed attempt.
 */
export function useFreshPress(active: boolean): { onKeyDownCapture(event: KeyboardEvent): void; onKeyUpCapture(event: KeyboardEvent): void } {
  const [guard] = useState(() => new FreshPressGuard());
  useEffect(() => {
    if (active) guard.shown(performance.now());
  }, [guard, active]);
  const onlyFresh = (acts: boolean, event: KeyboardEvent) => {
    if (acts) return;
    event.preventDefault();
    event.stopPropagation();
  };
  return {
    onKeyDownCapture: (event) => {
      if (event.key === ' ' && typesSpace(event.target)) return;
      onlyFresh(guard.keyDown(event.nativeEvent), event);
    },
    onKeyUpCapture: (event) => {
      if (event.key === ' ' && typesSpace(event.target)) return;
      onlyFresh(guard.keyUp(event.nativeEvent), event);
    },
  };
}
