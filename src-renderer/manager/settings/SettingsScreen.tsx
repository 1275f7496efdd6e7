import { useEffect } from 'react';
import { ErrorNote, Loading } from '../common/Notice';
import { useSettingsStore } from '../stores/settings-store';
import { SettingsIndex } from './SettingsIndex';
import { AuditSection, SelfCheckSection, TrainingSection } from './DiagnosticsSections';
import { PrinterSection, WebhookSection } from './DeviceSections';
import { CredentialsSections, EnvironmentSection } from './EnvironmentSection';
import { StaffSection } from './StaffSection';
import { BusinessModelSection, ReceiptSection, StoreSection, ThresholdsSection } from './StoreSections';

/** Everything a manager or integrator sets up, one section per task, each saved on its own. */
export function SettingsScreen() {
  const { view, status, error, load, listen } = useSettingsStore();

  useEffect(() => {
    void load();
    return listen();
  }, [load, listen]);

  return (
    <section className="mgr-screen" aria-labelledby="mgr-settings-title">
      <header className="mgr-screen-head">
        <h1 id="mgr-settings-title">Settings</h1>
      </header>
      {status === 'loading' && <Loading label="Loading settings…" />}
      {status === 'error' && error && <ErrorNote error={error} title="Could not open the settings" onRetry={() => void load()} />}
      {view && (
        <div className="mgr-settings" key={view.environment}>
          <SettingsIndex training={view.environment === 'training'} />
          <div className="mgr-settings-body">
            <EnvironmentSection view={view} />
            <CredentialsSections view={view} />
            <BusinessModelSection s={view.settings} />
            <StoreSection s={view.settings} />
            <ReceiptSection s={view.settings} />
            <PrinterSection s={view.settings} />
            <ThresholdsSection s={view.settings} />
            <WebhookSection s={view.settings} />
            <StaffSection />
            <SelfCheckSection />
            <AuditSection />
            <TrainingSection />
          </div>
        </div>
      )}
    </section>
  );
}
