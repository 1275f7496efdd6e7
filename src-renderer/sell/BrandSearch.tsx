import { useEffect, type RefObject } from 'react';
import { useCatalog } from './catalog-store';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Enter in the search box picks the first brand listed (a recent brand when the box is empty). */
  onPickFirst: () => void;
  /** ↓ moves into the list. */
  onFocusList: () => void;
}

/** Search-as-you-type over the local catalog. `/` anywhere on the sell screen comes here. */
export function BrandSearch({ inputRef, onPickFirst, onFocusList }: Props) {
  const text = useCatalog((s) => s.text);
  const setText = useCatalog((s) => s.setText);

  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);

  return (
    <div className="search">
      <label htmlFor="brand-search" className="search__label">
        Find a brand <kbd>/</kbd>
      </label>
      <input
        id="brand-search"
        ref={inputRef}
        type="search"
        className="search__input"
        placeholder="Type a brand, category or tag"
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-describedby="brand-search-hint"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onPickFirst();
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            onFocusList();
          } else if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
          }
        }}
      />
      <p id="brand-search-hint" className="hint">
        Enter picks the first brand listed · ↓ moves through the list
      </p>
    </div>
  );
}
