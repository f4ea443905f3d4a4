import { RELATIONSHIPS, type Journey } from './customer-journey';
import { formatPercent, formatVisits } from './format';

/** Customer Journey as two ranked tables side by side: the places visited just before, and just after. */
export function JourneyTable({ journey }: { journey: Journey }) {
  const largest = Math.max(0, ...RELATIONSHIPS.flatMap((relationship) => journey[relationship].map((entry) => entry.percentage ?? 0)));
  return (
    <div className="journey">
      {RELATIONSHIPS.map((relationship) => {
        const entries = journey[relationship];
        const sample = journey.samples[relationship];
        return (
          <section
            key={relationship}
            className={`journey__side${sample.low ? ' journey__side--low-confidence' : ''}`}
            data-relationship={relationship}
            data-low-confidence={sample.low || undefined}
          >
            <h4 className="journey__heading">
              {relationship === 'before' ? 'Before' : 'After'} <span className="journey__primary">{journey.primary}</span>
            </h4>
            {sample.note && <p className="journey__sample">Based on {sample.note}</p>}
            {entries.length === 0 ? (
              <p className="journey__empty">No same-day visits {relationship} {journey.primary}.</p>
            ) : (
              <table className="table journey__table">
                <thead>
                  <tr>
                    <th scope="col" className="num journey__rank">
                      #
                    </th>
                    <th scope="col">{journey.level}</th>
                    <th scope="col" className="num">
                      % of trips
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id} data-id={entry.id} data-value={entry.percentage ?? ''}>
                      <td className="num journey__rank">{entry.rank}</td>
                      <th scope="row" className="journey__name" title={`${entry.name} · ${formatVisits(entry.normalizedVisits)} normalized visits`}>
                        {entry.name}
                      </th>
                      <td>
                        <span className="journey__share">
                          <span className="journey__bar" aria-hidden="true">
                            <span style={{ width: `${largest > 0 ? ((entry.percentage ?? 0) / largest) * 100 : 0}%` }} />
                          </span>
                          <span className="journey__percent">{formatPercent(entry.percentage)}</span>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
