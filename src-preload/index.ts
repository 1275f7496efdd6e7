import { contextBridge, ipcRenderer } from 'electron';

// Mirrors src-renderer/pos-api.d.ts until the bridge contract module replaces both.
export interface PosApi {
  appInfo(): Promise<{ name: string; version: string }>;
}

// Named methods only: the page never gets ipcRenderer or a way to pick a channel.
const api: PosApi = {
  appInfo: () => ipcRenderer.invoke('app:info'),
};

contextBridge.exposeInMainWorld('pos', api);
