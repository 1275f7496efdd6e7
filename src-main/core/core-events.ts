import type { EventMap } from '../contract/index.js';

/** Everything main pushes to the renderer: the contract's events. */
export type CoreEventMap = EventMap;

export type CoreEventName = keyof CoreEventMap;
export type CoreListener = <K extends CoreEventName>(name: K, payload: CoreEventMap[K]) => void;

export class CoreEvents {
  private readonly listeners = new Set<CoreListener>();

  emit<K extends CoreEventName>(name: K, payload: CoreEventMap[K]): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        // A broken subscriber (a closed window) must not stop the core.
      }
    }
  }

  subscribe(listener: CoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
