// A list screen's table: a scrolling box, the column headings (a first pick column when given, an unnamed last one
// for the rows' actions) and the rows. `block` names both the table (`table <block>`) and its box (`<block>__scroll`).
import type { ReactNode } from 'react';

/** A column heading; `numeric` aligns it with numbers. */
export type ListColumn = string | { label: string; numeric: true };

export interface ListTableProps {
  block: string;
  /** What the table is called for screen readers: "Query templates". */
  label: string;
  /** The list is being read again. */
  busy: boolean;
  columns: readonly ListColumn[];
  /** The heading of a first pick column (bulk tagging's `TagSelectHeader`), when the rows have one. */
  pickHeader?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

export function ListTable({ block, label, busy, columns, pickHeader, children }: ListTableProps) {
  return (
    <div className={`${block}__scroll`}>
      <table className={`table ${block}`} aria-label={label} aria-busy={busy}>
        <thead>
          <tr>
            {pickHeader}
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="num">
                  {column.label}
                </th>
              ),
            )}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
