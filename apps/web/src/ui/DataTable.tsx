// Rows of a result or a dataset as a table: one header per column (its type as a tooltip when known), numbers aligned
// right, an optional row number, and optionally only a window of the rows in the document (long results scroll
// without drawing every row). The dataset preview, a connection's preview, the Queries screen and workbook cells use it.
import { cellText } from './cellText';

export interface DataTableColumn {
  readonly name: string;
  readonly type?: string;
}

export interface DataTableProps {
  columns: readonly DataTableColumn[];
  rows: readonly Record<string, unknown>[];
  /** Shows a # column numbering the rows from this number (the first row's place in the whole result). */
  firstRow?: number;
  /** Only rows [from, to) are drawn; spacer rows of `rowHeight` keep the scroll height of the others. */
  window?: { from: number; to: number; rowHeight: number };
  /** A null reads "null" (a warehouse's preview, where an empty string and a null differ), else it is blank. */
  showNulls?: boolean;
  className?: string;
  label?: string;
  testId?: string;
  busy?: boolean;
}

export function DataTable({ columns, rows, firstRow, window, showNulls = false, className, label, testId, busy }: DataTableProps) {
  const from = window?.from ?? 0;
  const to = window?.to ?? rows.length;
  const span = columns.length + (firstRow === undefined ? 0 : 1);
  const spacer = (count: number) =>
    window && count > 0 ? (
      <tr aria-hidden="true" style={{ height: count * window.rowHeight }}>
        <td colSpan={span} />
      </tr>
    ) : null;
  return (
    <table className={className ? `table ${className}` : 'table'} aria-label={label} data-testid={testId} data-rows={rows.length} aria-busy={busy}>
      <thead>
        <tr>
          {firstRow !== undefined && (
            <th scope="col" className="num">
              #
            </th>
          )}
          {columns.map((column) => (
            <th key={column.name} scope="col" title={column.type}>
              {column.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {spacer(from)}
        {rows.slice(from, to).map((row, index) => (
          <tr key={from + index} style={window ? { height: window.rowHeight } : undefined}>
            {firstRow !== undefined && <td className="num data-table__index">{(firstRow + from + index).toLocaleString('en-US')}</td>}
            {columns.map((column) => {
              const value = row[column.name];
              if (value === null || value === undefined) return <td key={column.name} className={showNulls ? 'data-table__null' : undefined}>{showNulls ? 'null' : ''}</td>;
              return (
                <td key={column.name} className={typeof value === 'number' ? 'num' : undefined}>
                  {cellText(value)}
                </td>
              );
            })}
          </tr>
        ))}
        {spacer(rows.length - to)}
      </tbody>
    </table>
  );
}
