import type { LegendEntry } from './types';

/** The chart's series as toggle buttons that wrap over as many lines as they need. */
export function Legend({ entries, hidden, onToggle }: { entries: readonly LegendEntry[]; hidden: ReadonlySet<string>; onToggle(name: string): void }) {
  return (
    <ul className="chart-legend" aria-label="Legend">
      {entries.map((entry) => (
        <li key={entry.name}>
          <button
            type="button"
            className="chart-legend__item"
            aria-pressed={!hidden.has(entry.name)}
            title={hidden.has(entry.name) ? `Show ${entry.name}` : `Hide ${entry.name}`}
            onClick={() => onToggle(entry.name)}
          >
            <span className="chart-legend__swatch" style={{ background: entry.color }} aria-hidden="true" />
            {entry.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
