import { useSession } from './session-store';

/**
 * Persistent, on every screen, for anything but Production; and, where no OS keychain guards
 * the Training data, main's sentence saying so.
 */
export function EnvironmentBanner() {
  const info = useSession((s) => s.info);
  if (!info || info.environment === 'production') return null;
  const training = info.environment === 'training';
  return (
    <div className={`env-banner env-banner--${info.environment}`} role="note" aria-label="Environment">
      <strong>{training ? 'TRAINING' : 'STAGING'}</strong> — sales are not real
      <span className="env-banner__detail">{training ? ' · built-in practice service, receipts say NOT VALID' : ' · test service of the voucher provider'}</span>
      {info.keyWarning && (
        <details className="env-banner__key">
          <summary>No OS keychain on this computer</summary>
          <p>{info.keyWarning}</p>
        </details>
      )}
    </div>
  );
}
