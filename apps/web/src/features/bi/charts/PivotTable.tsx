import { formatCount } from './format';
import { ALL, dimensionName, MEASURE_NAME, spans, type Pivot, type PivotCell } from './movement-pivot';

export const TOTAL = 'Total';
/** Why a total is left out: summing the United States with its DMAs would count their visits twice. */
const NOT_ADDITIVE = 'Not summed: the country already holds its DMAs’ visits';

/** A total cell: the sum, or a dash saying why there is none. */
function TotalCell({ total }: { total: PivotCell | null }) {
  return (
    <td className="num pivot__cell pivot__total" data-total={total?.normalized ?? ''} title={total ? `${formatCount(total.normalized)} normalized visits · ${formatCount(total.raw)} raw visits` : NOT_ADDITIVE}>
      {total ? formatCount(total.normalized) : '–'}
    </td>
  );
}

/** A cell's tooltip: its visits and the devices they rest on. */
function cellTitle(cell: PivotCell): string {
  const visits = cell.normalized === null ? 'Hidden (low confidence)' : `${formatCount(cell.normalized)} normalized visits · ${formatCount(cell.raw)} raw visits`;
  return cell.sample?.note ? `${visits} · ${cell.sample.note}` : visits;
}

/**
 * The pivot as an HTML table: nested column headers (one header row per column dimension, members spanning their
 * sub-columns), nested row headers (members spanning their sub-rows), and the normalized visits in the cells with the
 * raw visits in their title; a Total column (with column dimensions) and a Total row (with row dimensions). The header
 * and the first column stay in view while the table scrolls (charts.css).
 */
export function PivotTable({ pivot }: { pivot: Pivot }) {
  const rowHeaders = pivot.rowDimensions.length ? pivot.rowDimensions.map(dimensionName) : [''];
  const columnLevels = pivot.columnDimensions.length;
  const rowSpans = pivot.rowDimensions.map((_, level) => spans(pivot.rowKeys, level));
  const columnSpans = pivot.columnDimensions.map((_, level) => spans(pivot.columnKeys, level));
  const totalColumn = columnLevels > 0;
  const totalRow = pivot.rowDimensions.length > 0;
  const dimensionCells = rowHeaders.map((name, k) => (
    <th key={`dimension-${k}`} scope="col" className={`pivot__dimension${k === 0 ? ' pivot__first' : ''}`}>
      {name}
    </th>
  ));

  return (
    <table className="pivot">
      <thead>
        {columnLevels > 0 && (
          <tr>
            <th colSpan={rowHeaders.length} scope="col" className="pivot__measure pivot__first">
              {MEASURE_NAME}
            </th>
            <th colSpan={pivot.columnKeys.length} scope="colgroup" className="pivot__axis">
              {pivot.columnDimensions.map(dimensionName).join(' › ')}
            </th>
            <th rowSpan={columnLevels + 1} scope="col" className="pivot__column pivot__total-heading">
              {TOTAL}
            </th>
          </tr>
        )}
        {pivot.columnDimensions.map((dimension, level) => (
          <tr key={dimension}>
            {level < columnLevels - 1 ? <td colSpan={rowHeaders.length} className="pivot__corner pivot__first" /> : dimensionCells}
            {pivot.columnKeys.map((key, k) => {
              const span = columnSpans[level]![k]!;
              return span > 0 ? (
                <th key={k} colSpan={span} scope={span > 1 ? 'colgroup' : 'col'} className={`pivot__column${level < columnLevels - 1 ? ' pivot__column--group' : ''}`}>
                  {key[level]!.name}
                </th>
              ) : null;
            })}
          </tr>
        ))}
        {columnLevels === 0 && (
          <tr>
            {dimensionCells}
            <th scope="col" className="pivot__column">
              {MEASURE_NAME}
            </th>
          </tr>
        )}
      </thead>
      <tbody>
        {pivot.rowKeys.map((rowKey, r) => (
          <tr key={r}>
            {rowKey.length === 0 ? (
              <th scope="row" className="pivot__row pivot__first">
                {ALL}
              </th>
            ) : (
              rowKey.map((member, level) => {
                const span = rowSpans[level]![r]!;
                return span > 0 ? (
                  <th key={level} scope={span > 1 ? 'rowgroup' : 'row'} rowSpan={span} className={`pivot__row${level === 0 ? ' pivot__first' : ''}`}>
                    {member.name}
                  </th>
                ) : null;
              })
            )}
            {pivot.columnKeys.map((columnKey, c) => {
              const cell = pivot.cell(rowKey, columnKey);
              return (
                <td
                  key={c}
                  className={`num pivot__cell${cell ? '' : ' pivot__cell--empty'}${cell?.sample?.low ? ' pivot__cell--low-confidence' : ''}`}
                  data-value={cell?.normalized ?? ''}
                  data-low-confidence={cell?.sample?.low || undefined}
                  title={cell ? cellTitle(cell) : 'No visits'}
                >
                  {cell ? formatCount(cell.normalized) : '–'}
                </td>
              );
            })}
            {totalColumn && <TotalCell total={pivot.rowTotal(rowKey)} />}
          </tr>
        ))}
      </tbody>
      {totalRow && (
        <tfoot>
          <tr>
            <th scope="row" colSpan={rowHeaders.length} className="pivot__row pivot__first pivot__total-heading">
              {TOTAL}
            </th>
            {pivot.columnKeys.map((columnKey, c) => (
              <TotalCell key={c} total={pivot.columnTotal(columnKey)} />
            ))}
            {totalColumn && <TotalCell total={pivot.grandTotal} />}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
