// Provision an organization: its default feature flags and maker quota policy, and on request a small demo panel owned
// by one of its makers (docs/admin.md "Account provisioning"). Asked first; the answer says what was done.
import { useState } from 'react';
import type { Organization } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing/Modal';
import type { ProvisionAccountResult } from './accounts';
import { useAdminWrite } from './queries';
import './accounts.css';

export function ProvisionDialog({ organization, onClose }: { organization: Organization; onClose(): void }) {
  const [demoData, setDemoData] = useState(false);
  const [result, setResult] = useState<ProvisionAccountResult | null>(null);
  const provision = useAdminWrite((client, body: { organizationId: string; demoData: boolean }) => client.admin.provisionAccount(body));
  const busy = provision.isPending;
  const run = () => provision.mutate({ organizationId: organization.id, demoData }, { onSuccess: setResult });
  const makers = organization.makerRoleUsersCount;

  return (
    <Modal
      title={`Provision ${organization.name}`}
      onClose={busy ? () => undefined : onClose}
      footer={
        result ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={run} disabled={busy}>
              {busy ? (demoData ? 'Loading demo data…' : 'Working…') : 'Provision'}
            </button>
          </>
        )
      }
    >
      {result ? (
        <ProvisionReport result={result} />
      ) : (
        <div className="confirm-dialog__text admin-provision">
          <p>
            {organization.name} gets the default feature flags (those not set yet; flags set before are kept) and, when it has none, the maker quota policy. Repeating it changes
            nothing already there.
          </p>
          <label className="admin-provision__option">
            <input type="checkbox" checked={demoData} disabled={busy || makers === 0} onChange={(event) => setDemoData(event.target.checked)} /> Also load demo data: a synthetic
            foot-traffic panel (20,000 visits in four datasets) for the analytic dashboards, owned by a maker of {organization.name}; it takes a few seconds.
          </label>
          {makers === 0 && <p className="admin-report__note">Demo data needs a maker to own it: {organization.name} has none yet.</p>}
          {provision.isError && (
            <p className="form__error" role="alert">
              {errorText(provision.error)}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

export function ProvisionReport({ result }: { result: ProvisionAccountResult }) {
  return (
    <div className="admin-report" data-testid="provision-report">
      <p className="admin-report__message admin-report__message--done" data-testid="provision-message">
        {result.message}
      </p>
      {result.flagsEnabled.length > 0 && <p className="admin-report__note">Switched on: {result.flagsEnabled.join(', ')}.</p>}
      {result.demoData.datasets.length > 0 && (
        <ul className="admin-accounts__list" aria-label="Demo datasets">
          {result.demoData.datasets.map((dataset) => (
            <li key={dataset.id}>{dataset.name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
