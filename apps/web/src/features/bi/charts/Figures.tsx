import type { Figure } from './types';

/**
 * The numbers a chart draws, as a visually hidden table: what a screen reader reads instead of the canvas, and what
 * browser tests compare with the API's answer (data-value holds each value unrounded, empty when missing).
 */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  // The wrapper does the hiding: a table's box grows with its rows whatever height it is given.
  return (
    <div className="visually-hidden">
      <table data-figures="">
        <caption>Figures of the chart</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Category</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {figures.map((figure, k) => {
            const value = figure.value === null ? '' : String(figure.value);
            return (
              <tr key={k} data-series={figure.series} data-category={figure.category} data-value={value}>
                <td>{figure.series}</td>
                <td>{figure.category}</td>
                <td>{value}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
