import { formatCount } from './format';
import { ALL, dimensionName, MEASURE_NAME, spans, type Pivot } from './movement-pivot';

/**
 * The pivot as an HTML table: nested column headers (one header row per column dimension, members spanning their
 * sub-columns), nested row headers (members spanning their sub-rows), and the normalized visits in the cells with the
 * raw visits in their title.
 */
export function PivotTable({ pivot }: { pivot: Pivot }) {
  const rowHeaders = pivot.rowDimensions.length ? pivot.rowDimensions.map(dimensionName) : [''];
  const columnLevels = pivot.columnDimensions.length;
  const rowSpans = pivot.rowDimensions.map((_, level) => spans(pivot.rowKeys, level));
  const columnSpans = pivot.columnDimensions.map((_, level) => spans(pivot.columnKeys, level));
  const dimensionCells = rowHeaders.map((name, k) => (
    <th key={`dimension-${k}`} scope="col" className="pivot__dimension">
      {name}
    </th>
  ));

  return (
    <table className="pivot">
      <thead>
        {columnLevels > 0 && (
          <tr>
            <th colSpan={rowHeaders.length} scope="col" className="pivot__measure">
              {MEASURE_NAME}
            </th>
            <th colSpan={pivot.columnKeys.length} scope="colgroup" className="pivot__axis">
              {pivot.columnDimensions.map(dimensionName).join(' › ')}
            </th>
          </tr>
        )}
        {pivot.columnDimensions.map((dimension, level) => (
          <tr key={dimension}>
            {level < columnLevels - 1 ? <td colSpan={rowHeaders.length} className="pivot__corner" /> : dimensionCells}
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
              <th scope="row" className="pivot__row">
                {ALL}
              </th>
            ) : (
              rowKey.map((member, level) => {
                const span = rowSpans[level]![r]!;
                return span > 0 ? (
                  <th key={level} scope={span > 1 ? 'rowgroup' : 'row'} rowSpan={span} className="pivot__row">
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
                  className={`num pivot__cell${cell ? '' : ' pivot__cell--empty'}`}
                  data-value={cell?.normalized ?? ''}
                  title={cell ? `${formatCount(cell.normalized)} normalized visits · ${formatCount(cell.raw)} raw visits` : 'No visits'}
                >
                  {cell ? formatCount(cell.normalized) : '–'}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
