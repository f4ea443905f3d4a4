import type { QuotaKey, QuotaLimits, QuotaUsage } from '@atlas/domain';

/** One row per quota the policy limits, in this order. */
const QUOTA_LABELS = {
  maps: 'Maps',
  datasets: 'Datasets',
  insights: 'Insights',
  workbooks: 'Workbooks',
  dataConnections: 'Data connections',
  storageMegabytes: 'Storage (MB)',
} as const satisfies Record<QuotaKey, string>;

const QUOTA_ROWS = Object.entries(QUOTA_LABELS) as Array<[QuotaKey, string]>;
const numberFormat = new Intl.NumberFormat('en-US');

function share(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 1 : 0;
  return Math.min(used / limit, 1);
}

/** The user's usage against their quota policy's limits. */
export function QuotaTable({ usage, limits }: { usage: QuotaUsage; limits: QuotaLimits }) {
  return (
    <table className="table quota-table">
      <thead>
        <tr>
          <th scope="col">Resource</th>
          <th scope="col" className="num">
            Used
          </th>
          <th scope="col" className="num">
            Limit
          </th>
          <th scope="col" className="quota-table__bar-col">
            <span className="visually-hidden">Share of limit used</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {QUOTA_ROWS.map(([key, label]) => {
          const used = usage[key];
          const limit = limits[key];
          const ratio = share(used, limit);
          const level = ratio >= 1 ? 'full' : ratio >= 0.8 ? 'high' : 'ok';
          return (
            <tr key={key} data-testid={`quota-${key}`}>
              <th scope="row">{label}</th>
              <td className="num">{numberFormat.format(used)}</td>
              <td className="num">{numberFormat.format(limit)}</td>
              <td className="quota-table__bar-col">
                <span className={`usage-bar usage-bar--${level}`} aria-hidden="true">
                  <span className="usage-bar__fill" style={{ width: `${Math.round(ratio * 100)}%` }} />
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
