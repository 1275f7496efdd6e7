// Until the bridge contract lands, this mirrors the preload's PosApi by hand.
export interface PosApi {
  appInfo(): Promise<{ name: string; version: string }>;
}

declare global {
  interface Window {
    /** Absent when the page runs outside Electron (plain browser, tests). */
    pos?: PosApi;
  }
}
