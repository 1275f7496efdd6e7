import type { Environment, Settings } from '../settings/settings-schema.js';
import { empty } from './fields.js';
import { manager, open } from './define.js';

export interface AppInfo {
  name: string;
  version: string;
  environment: Environment;
  training: boolean;
  store: Settings['store'];
  ready: true;
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
  'selfCheck.run': manager(empty).returns<{ lines: CheckLine[] }>(),
};
