import { useState, type FormEvent } from 'react';
import { SEATS, type Seat } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { DialogFormEnd } from './DialogFormEnd';
import { SEAT_LABELS } from './format';
import { useAdminWrite, useOrganizationChoices } from './queries';

/** What an invitation is for when the administrator does not say otherwise (the `application` the call requires). */
export const DEFAULT_APPLICATION = 'Atlas Studio';

interface InviteArgs {
  organizationId: string;
  email: string;
  application: string;
  message: string;
  seat: Seat;
}

/** Invites an address to an organization; it becomes a membership when the addressee proves the address. */
export function InviteDialog({ organizationId: initialOrganization, onClose }: { organizationId: string; onClose(): void }) {
  const organizations = useOrganizationChoices();
  const [organizationId, setOrganizationId] = useState(initialOrganization);
  const [email, setEmail] = useState('');
  const [application, setApplication] = useState(DEFAULT_APPLICATION);
  const [message, setMessage] = useState('');
  const [seat, setSeat] = useState<Seat>('viewer');
  const invite = useAdminWrite((client, args: InviteArgs) =>
    client.admin.invitations.create(args.organizationId, args.email, args.application, { seat: args.seat, ...(args.message ? { message: args.message } : {}) }),
  );
  const ready = organizationId !== '' && email.trim() !== '' && application.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) invite.mutate({ organizationId, email: email.trim(), application: application.trim(), message: message.trim(), seat }, { onSuccess: onClose });
  };
  return (
    <Modal title="Invite to an organization" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Organization</span>
          <select className="field__input" value={organizationId} required onChange={(event) => setOrganizationId(event.target.value)}>
            <option value="">Choose an organization</option>
            {organizations.data?.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
          {organizations.isError && <span className="form__error">{errorText(organizations.error)}</span>}
        </label>
        <label className="field">
          <span className="field__label">E-mail address</span>
          <input className="field__input" type="email" value={email} maxLength={320} required autoFocus onChange={(event) => setEmail(event.target.value)} />
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
        <label className="field">
          <span className="field__label">Application</span>
          <input className="field__input" value={application} maxLength={100} required onChange={(event) => setApplication(event.target.value)} />
          <span className="field__hint">What the invitation is for.</span>
        </label>
        <label className="field">
          <span className="field__label">Message (optional)</span>
          <textarea className="field__input admin-textarea" value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} />
        </label>
        <p className="field__hint">No mail is sent: the address joins the organization when its owner signs up or signs in with the address verified.</p>
        <DialogFormEnd write={invite} onCancel={onClose} label="Invite" pendingLabel="Inviting…" disabled={!ready} />
      </form>
    </Modal>
  );
}
