import { useState, type FormEvent } from 'react';
import type { Organization } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { DialogFormEnd } from './DialogFormEnd';
import { DEFAULT_MAKER_POLICY, policyName } from './format';
import { useAdminWrite, useQuotaPolicies } from './queries';

/**
 * Creates an organization (`organization` null) or renames one and changes its maker quota policy. The policy is the
 * one its makers get; "" sends null, the default `maker` policy.
 */
export function OrganizationDialog({ organization, onClose }: { organization: Organization | null; onClose(): void }) {
  const policies = useQuotaPolicies();
  const [name, setName] = useState(organization?.name ?? '');
  const [policy, setPolicy] = useState(organization?.makerQuotaPolicy ?? '');
  const save = useAdminWrite((client, body: { name: string; makerQuotaPolicy: string | null }) =>
    organization ? client.admin.organizations.update(organization.id, body) : client.admin.organizations.create(body),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate({ name: name.trim(), makerQuotaPolicy: policy || null }, { onSuccess: onClose });
  };
  return (
    <Modal title={organization ? `Edit ${organization.name}` : 'New organization'} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="field__input" value={name} maxLength={200} required autoFocus onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Maker quota policy</span>
          <select className="field__input" value={policy} onChange={(event) => setPolicy(event.target.value)}>
            <option value="">Default: {policyName(policies.data, DEFAULT_MAKER_POLICY)}</option>
            {policies.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          <span className="field__hint">
            {policies.isError ? `Quota policies could not be read: ${errorText(policies.error)}` : 'Every maker of the organization gets this policy at once; viewers keep the viewer policy.'}
          </span>
        </label>
        <DialogFormEnd write={save} onCancel={onClose} label={organization ? 'Save' : 'Create organization'} pendingLabel="Saving…" disabled={!name.trim()} />
      </form>
    </Modal>
  );
}
