const SECTIONS = [
  ['mgr-set-env', 'Environment'],
  ['mgr-set-cred-staging', 'Credentials'],
  ['mgr-set-model', 'Business model'],
  ['mgr-set-store', 'Store and counter'],
  ['mgr-set-receipt', 'Receipt'],
  ['mgr-set-printer', 'Printer'],
  ['mgr-set-thresholds', 'Thresholds'],
  ['mgr-set-webhook', 'Webhooks'],
  ['mgr-set-staff', 'Staff'],
  ['mgr-set-selfcheck', 'Self-check'],
  ['mgr-set-audit', 'Audit log'],
  ['mgr-set-training', 'Training practice'],
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
    <nav className="mgr-settings-index" aria-label="Settings sections">
      <ul>
        {SECTIONS.filter(([id]) => training || id !== 'mgr-set-training').map(([id, label]) => (
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
