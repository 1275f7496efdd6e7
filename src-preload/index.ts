import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL, EVENT_NAMES, METHOD_NAMES } from '../src-main/contract/names.js';

/**
 * `window.pos`: exactly the contract's named methods and an event subscription, nothing
 * else. The page never gets ipcRenderer or a way to pick a channel; main checks the sender,
 * the method name and the payload of every call.
 */
const methods = Object.fromEntries(
  METHOD_NAMES.map((name) => [name, (payload?: unknown) => ipcRenderer.invoke(CALL_CHANNEL, name, payload ?? {})]),
);

function on(event: string, listener: (payload: unknown) => void): () => void {
  if (!(EVENT_NAMES as readonly string[]).includes(event) || typeof listener !== 'function') {
    throw new Error(`Unknown event ${String(event)}`);
  }
  const handler = (_e: IpcRendererEvent, name: string, payload: unknown) => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, handler);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  };
}

contextBridge.exposeInMainWorld('pos', Object.freeze({ ...methods, on }));
