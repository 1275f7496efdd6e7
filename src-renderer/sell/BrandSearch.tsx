import { useEffect, useState, type RefObject } from 'react';
import { useCatalog } from './catalog-store';
import { useSale } from './sale-store';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  /**
   * Enter in the search box opens the first brand listed when the words name it (a recent
   * brand when the box is empty); resolves false when it opened none.
   */
  onPickFirst: () => Promise<boolean>;
  /** ↓ moves into the list. */
  onFocusList: () => void;
}

/**
 * Search-as-you-type over the local catalog. `/` anywhere on the sell screen comes here and is
 * never typed (useSellKeys). Esc closes the open brand first (useSellKeys), then clears the text.
 */
export function BrandSearch({ inputRef, onPickFirst, onFocusList }: Props) {
  const text = useCatalog((s) => s.text);
  const setText = useCatalog((s) => s.setText);
  const brandOpen = useSale((s) => s.brand !== null);
  /** The text Enter last opened nothing for: the hint says why until the text changes. */
  const [unnamed, setUnnamed] = useState<string | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);

  const pickFirst = async () => {
    const typed = text;
    const opened = await onPickFirst();
    setUnnamed(opened ? null : typed);
  };

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
            void pickFirst();
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            onFocusList();
          } else if (event.key === 'Escape' && text && !brandOpen) {
            event.preventDefault();
            setText('');
          }
        }}
      />
      <p id="brand-search-hint" className="hint" role="status">
        {unnamed !== null && unnamed === text && text.trim()
          ? `Enter opened nothing: no brand on sale has a name or tag starting with “${text.trim()}”. Choose one in the list (↓, then Enter).`
          : 'Enter opens the first brand listed when its name or a tag matches · ↓ moves through the list'}
      </p>
    </div>
  );
}
