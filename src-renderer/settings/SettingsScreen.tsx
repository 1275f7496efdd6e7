import { useEffect, useState, type ReactNode } from 'react';
import { can, useSession } from '../app/session-store';
import type { Permission, SettingsView } from '../bridge/contract';
import { ErrorNotice, Loading } from '../ui/Notice';
import { Tabs } from '../ui/Tabs';
import { useSettingsStore } from './settings-store';
import { hashForPage, pageFromHash, SETTINGS_PAGES, type SettingsPageId } from './settings-pages';
import './settings.css';
import { AuditSection, SelfCheckSection, TrainingSection } from './DiagnosticsSections';
import { PrinterSection, WebhookSection } from './DeviceSections';
import { CredentialsSections, EnvironmentSection } from './EnvironmentSection';
import { StaffSection } from './StaffSection';
import { StoreLinkSection } from './StoreLinkSection';
import { useStoreLink } from '../store/store-status-store';
import { WebhookEventsSection } from './WebhookEventsSection';
import { BusinessModelSection, ReceiptSection, StoreSection, ThresholdsSection } from './StoreSections';

/** Each page's heading, one line saying what it is for, and its sections (each saved on its own). */
function pageContent(id: SettingsPageId, view: SettingsView, inStore: boolean): { intro: string; sections: ReactNode } {
  const s = view.settings;
  switch (id) {
    case 'store':
      return {
        intro: 'What the counter sells as, what receipts say, and when the counter locks or warns.',
        sections: (
          <>
            <StoreSection s={s} />
            <ReceiptSection s={s} />
            <BusinessModelSection s={s} />
            <ThresholdsSection s={s} />
          </>
        ),
      };
    case 'devices':
      return { intro: 'The receipt printer this counter uses.', sections: <PrinterSection s={s} /> };
    case 'staff':
      return { intro: 'Who may sign in at this counter and what each person may do. Locked out, forgotten PIN or leaving: it is all here.', sections: <StaffSection /> };
    case 'connection':
      return {
        intro: inStore
          ? 'The link to the store server, through which this counter reaches the voucher service.'
          : 'The link to the voucher service, usually set up once by whoever installed the counter.',
        sections: (
          <>
            {/* A store's counter sells in the store's environment with its store server's credentials: it has neither to set. */}
            {inStore ? (
              <StoreLinkSection defaultCounterName={s.store.counter} />
            ) : (
              <>
                <EnvironmentSection view={view} />
                <CredentialsSections view={view} />
                <StoreLinkSection defaultCounterName={s.store.counter} />
              </>
            )}
            <WebhookSection s={s} />
            <WebhookEventsSection />
            <SelfCheckSection />
            <AuditSection />
          </>
        ),
      };
    case 'training':
      return { intro: 'Practice situations for the training counter.', sections: <TrainingSection /> };
  }
}

/** Who sees each page: the permissions its sections need (any one of them). */
const PAGE_ACCESS: Record<SettingsPageId, readonly Permission[]> = {
  store: ['settings'],
  devices: ['settings'],
  staff: ['manageStaff'],
  connection: ['manageConnection', 'goLive'],
  training: ['settings'],
};

/** Everything a manager or integrator sets up, split into pages by who does it and when. */
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
      {view && <SettingsPages key={view.environment} view={view} />}
    </section>
  );
}

function SettingsPages({ view }: { view: SettingsView }) {
  const me = useSession((s) => s.me);
  const inStore = useStoreLink() !== null;
  const pages = SETTINGS_PAGES.filter((p) => (p.id !== 'training' || view.environment === 'training') && PAGE_ACCESS[p.id].some((permission) => can(me, permission)));
  const [current, setCurrent] = useState<SettingsPageId>(() => pageFromHash(window.location.hash, pages.map((p) => p.id)));
  const open = (id: SettingsPageId) => {
    setCurrent(id);
    window.history.replaceState(null, '', hashForPage(id));
  };
  return (
    <Tabs label="Settings pages" tabs={pages} current={current} onChange={open}>
      {/* Every page stays mounted (hidden when not chosen), so what was typed survives a look at another page. */}
      {pages.map((p) => {
        const { intro, sections } = pageContent(p.id, view, inStore);
        return (
          <div key={p.id} className="settings__page" hidden={p.id !== current}>
            <h2 className="settings__page-title">{p.label}</h2>
            <p className="muted">{intro}</p>
            {sections}
          </div>
        );
      })}
    </Tabs>
  );
}
