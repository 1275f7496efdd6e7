import { useEffect } from 'react';
import { ErrorNotice, Loading } from '../ui/Notice';
import { useSettingsStore } from './settings-store';
import { SettingsIndex } from './SettingsIndex';
import './settings.css';
import { AuditSection, SelfCheckSection, TrainingSection } from './DiagnosticsSections';
import { PrinterSection, WebhookSection } from './DeviceSections';
import { CredentialsSections, EnvironmentSection } from './EnvironmentSection';
import { StaffSection } from './StaffSection';
import { WebhookEventsSection } from './WebhookEventsSection';
import { BusinessModelSection, ReceiptSection, StoreSection, ThresholdsSection } from './StoreSections';

/** Everything a manager or integrator sets up, one section per task, each saved on its own. */
export function SettingsScreen() {
  const { view, status, error, load } = useSettingsStore();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen" aria-labelledby="settings-title">
      <header className="screen__head">
        <h1 id="settings-title">Settings</h1>
      </header>
      {status === 'loading' && <Loading label="Loading settings…" />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not open the settings" onRetry={() => void load()} />}
      {view && (
        <div className="settings" key={view.environment}>
          <SettingsIndex training={view.environment === 'training'} />
          <div className="settings__body">
            <EnvironmentSection view={view} />
            <CredentialsSections view={view} />
            <BusinessModelSection s={view.settings} />
            <StoreSection s={view.settings} />
            <ReceiptSection s={view.settings} />
            <PrinterSection s={view.settings} />
            <ThresholdsSection s={view.settings} />
            <WebhookSection s={view.settings} />
            <WebhookEventsSection />
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
