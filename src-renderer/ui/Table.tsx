import type { ReactNode } from 'react';

interface Props {
  /** Names the table for screen readers; shown above it when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  /** The header row's cells (<th scope="col">). */
  head: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Narrower than 60rem, each row becomes a card of its cells, each under its column's name
   * (the cell's `data-label`), instead of the table scrolling sideways. For tables too wide
   * for a small screen; a cell without `data-label` (a button) shows on its own.
   */
  reflow?: boolean;
}

/** A data table with its caption and header row; sideways scrolling is the last resort, for a table that neither fits nor reflows. */
export function Table({ caption, showCaption, head, children, className, reflow }: Props) {
  const classes = ['table', reflow && 'table--reflow', className].filter(Boolean).join(' ');
  return (
    <div className="table-wrap">
      <table className={classes}>
        <caption className={showCaption ? 'table__caption' : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
