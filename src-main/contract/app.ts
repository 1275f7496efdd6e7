import type { Environment, Settings } from '../settings/settings-schema.js';
import { empty } from './fields.js';
import { needs, open } from './define.js';

/** What guards an environment's secrets and card-vault key: the OS keychain, or a key file beside the data (Training only). */
export type KeyProtection = 'os-keychain' | 'local-file';

export interface AppInfo {
  name: string;
  version: string;
  environment: Environment;
  training: boolean;
  store: Settings['store'];
  ready: true;
  /** What guards the current environment's secrets and card data: 'local-file' only for Training without an OS keychain. */
  keyProtection: KeyProtection;
  /** The sentence to show while keyProtection is 'local-file'; null otherwise. */
  keyWarning: string | null;
}

export interface CheckLine {
  name: string;
  ok: boolean;
  detail: string;
  action?: string;
}

export const appMethods = {
  'app.info': open(empty).returns<AppInfo>(),
  /** The integrator's start-up self-check (product brief: clock, token, whitelisted IP, catalog age). */
  'selfCheck.run': needs('manageConnection')(empty).returns<{ lines: CheckLine[] }>(),
};
