import type { ReactNode } from 'react';

interface Props {
  /** Names the table for screen readers; shown above it when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  /** The header row's cells (<th scope="col">). */
  head: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A data table with its caption and header row, scrolling sideways when the screen is narrow. */
export function Table({ caption, showCaption, head, children, className }: Props) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <caption className={showCaption ? 'table__caption' : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
