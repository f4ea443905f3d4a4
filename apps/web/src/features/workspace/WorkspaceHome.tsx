import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AccountSummary } from './AccountSummary';
import { FeaturedMaps, SampleMaps } from './FeaturedMaps';
import { QuotaTable } from './QuotaTable';

/** /workspace: a welcome with the user's account and quota, as GET /v1/users/me reports them, then the featured and sample maps. */
export function WorkspaceHome() {
  const user = useSignedInUser();
  useDocumentTitle('Workspace');
  return (
    <div className="page">
      <PageHeader title={`Welcome, ${user.name}`} subtitle={user.organization.name} />
      <div className="panel-grid">
        <section className="card panel" aria-labelledby="account-heading">
          <h2 id="account-heading" className="panel__title">
            Your account
          </h2>
          <AccountSummary user={user} />
        </section>
        <section className="card panel" aria-labelledby="quota-heading">
          <h2 id="quota-heading" className="panel__title">
            Quota usage
          </h2>
          <p className="panel__subtitle">
            Policy: <strong>{user.quotaPolicy.name}</strong>
            {user.quotaPolicy.description && <> · {user.quotaPolicy.description}</>}
          </p>
          <QuotaTable usage={user.quotaUsage} limits={user.quotaPolicy.limits} />
        </section>
        <FeaturedMaps />
        <SampleMaps />
      </div>
    </div>
  );
}
