const SECTIONS = [
  ['settings-env', 'Environment'],
  ['settings-cred-staging', 'Credentials'],
  ['settings-model', 'Business model'],
  ['settings-store', 'Store and counter'],
  ['settings-receipt', 'Receipt'],
  ['settings-printer', 'Printer'],
  ['settings-thresholds', 'Thresholds'],
  ['settings-webhook', 'Webhooks'],
  ['settings-webhook-events', 'Webhook events'],
  ['settings-staff', 'Staff'],
  ['settings-selfcheck', 'Self-check'],
  ['settings-audit', 'Audit log'],
  ['settings-training', 'Training practice'],
] as const;

/** The page's table of contents: jumps move focus to the section, not just the scroll position. */
export function SettingsIndex({ training }: { training: boolean }) {
  const jump = (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    const heading = target.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };
  return (
    <nav className="settings__index" aria-label="Settings sections">
      <ul>
        {SECTIONS.filter(([id]) => training || id !== 'settings-training').map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(e) => {
                e.preventDefault();
                jump(id);
              }}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
