import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly { id: T; label: string }[];
  current: T;
  onChange: (id: T) => void;
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; Tab goes into the panel. */
export function Tabs<T extends string>({ label, tabs, current, onChange, children }: TabsProps<T>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}`}
            aria-selected={t.id === current}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === current ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${current}`} className="tabs__panel">
        {children}
      </div>
    </>
  );
}
