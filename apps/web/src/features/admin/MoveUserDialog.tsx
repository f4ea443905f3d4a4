import { useState, type FormEvent } from 'react';
import { SEATS, type Seat, type User } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { DialogFormEnd } from './DialogFormEnd';
import { SEAT_LABELS } from './format';
import { useAdminWrite, useOrganizationChoices } from './queries';

/** Links a user to another organization (POST /v1/organizations/{id}/link): they leave theirs and join it. */
export function MoveUserDialog({ user, onClose }: { user: User; onClose(): void }) {
  const organizations = useOrganizationChoices();
  const [organizationId, setOrganizationId] = useState('');
  const [seat, setSeat] = useState<Seat>('viewer');
  const move = useAdminWrite((client, args: { organizationId: string; seat: Seat }) => client.admin.organizations.link(args.organizationId, { userId: user.id, seat: args.seat }));
  const others = organizations.data?.filter((organization) => organization.id !== user.organization.id) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (organizationId) move.mutate({ organizationId, seat }, { onSuccess: onClose });
  };
  return (
    <Modal title="Move to another organization" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <p>
          {user.name || user.email} ({user.email}) leaves {user.organization.name} and joins the organization chosen with the seat given and its quota policy. Records they made stay in{' '}
          {user.organization.name}.
        </p>
        <label className="field">
          <span className="field__label">Organization</span>
          <select className="field__input" value={organizationId} required onChange={(event) => setOrganizationId(event.target.value)}>
            <option value="">Choose an organization</option>
            {others.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
          {organizations.isError && <span className="form__error">{errorText(organizations.error)}</span>}
        </label>
        <label className="field">
          <span className="field__label">Seat</span>
          <select className="field__input" value={seat} onChange={(event) => setSeat(event.target.value as Seat)}>
            {SEATS.map((option) => (
              <option key={option} value={option}>
                {SEAT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <DialogFormEnd write={move} onCancel={onClose} label="Move" pendingLabel="Moving…" disabled={!organizationId} />
      </form>
    </Modal>
  );
}
