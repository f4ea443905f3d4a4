// The quota policies, in tier order, with their limits (GET /v1/quotapolicies). Read-only: the server has no call
// that changes a policy; users and organizations are given one in their own tabs.
import { QUOTA_KEYS } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListError } from '../catalogue';
import { useQuotaPolicies } from './queries';
import { QUOTA_LABELS as LIMIT_LABELS } from './reconcile';
const numbers = new Intl.NumberFormat('en-US');

export function QuotaPoliciesSection() {
  const policies = useQuotaPolicies();
  let body;
  if (policies.isPending) body = <Spinner label="Loading quota policies…" />;
  else if (policies.isError) body = <ListError message={errorText(policies.error)} onRetry={() => void policies.refetch()} />;
  else if (policies.data.length === 0) body = <p className="catalogue-list__empty">The server defines no quota policies.</p>;
  else
    body = (
      <div className="admin-table__scroll">
        <table className="table admin-table">
          <thead>
            <tr>
              <th scope="col">Policy</th>
              <th scope="col">Description</th>
              {QUOTA_KEYS.map((key) => (
                <th key={key} scope="col" className="num">
                  {LIMIT_LABELS[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {policies.data.map((policy) => (
              <tr key={policy.id} data-testid="policy-row">
                <th scope="row">
                  {policy.name} <code className="admin-id">{policy.id}</code>
                </th>
                <td>{policy.description}</td>
                {QUOTA_KEYS.map((key) => (
                  <td key={key} className="num">
                    {numbers.format(policy.limits[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="card panel catalogue-list" aria-label="Quota policies">
      <p className="panel__subtitle">Makers get their organization’s maker policy, viewers the viewer policy; a user can be given another in the Users tab.</p>
      {body}
    </section>
  );
}
