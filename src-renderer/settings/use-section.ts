import { useState } from 'react';
import { fieldError, type BridgeError } from '../bridge/api';
import { useSettingsStore, type SettingsPatch } from './settings-store';

/**
 * One settings section's save: sends only that section's patch; main validates the whole
 * settings, so when anything is wrong nothing is saved and each problem shows by its field.
 */
export function useSectionSave() {
  const update = useSettingsStore((s) => s.update);
  const [error, setError] = useState<BridgeError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (patch: SettingsPatch, local: BridgeError | null = null): Promise<boolean> => {
    setSaved(false);
    if (local) {
      setError(local);
      return false;
    }
    setBusy(true);
    const problem = await update(patch);
    setBusy(false);
    setError(problem);
    setSaved(!problem);
    return !problem;
  };

  return {
    save,
    busy,
    saved,
    error,
    /** The message for one field (full path like "store.counterCode"), if main named it. */
    err: (field: string) => fieldError(error, field),
    touch: () => setSaved(false),
  };
}

/** A local check that failed before anything was sent, shaped like main's answer. */
export function localProblem(fields: Record<string, string | undefined>): BridgeError | null {
  const list = Object.entries(fields)
    .filter((e): e is [string, string] => Boolean(e[1]))
    .map(([field, message]) => ({ field, message }));
  return list.length ? { code: 'INVALID_SETTINGS', message: list[0]!.message, fields: list } : null;
}
