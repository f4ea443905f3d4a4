// Inviting people to a report by e-mail, with a description: several addresses at once, checked as the server checks
// them before sending; the stored invitation is shown once the server took it. The server stores invitations and sends
// no mail yet, which the dialog says.
import { useState, type FormEvent } from 'react';
import type { PublishedItemSummary, ReportInvitation } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { DESCRIPTION_MAX, inviteProblem, parseEmails } from './reportModel';
import './reports.css';

const storedAt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function InviteDialog({ report, onClose }: { report: Pick<PublishedItemSummary, 'id' | 'name'>; onClose(): void }) {
  const client = useApiClient();
  const [typed, setTyped] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<ReportInvitation | null>(null);
  const parsed = parseEmails(typed);
  const problem = inviteProblem(parsed, description);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setInvitation(await client.publishing.reports.invite(report.id, { emails: parsed.emails, description }));
    } catch (error) {
      setFailure(`Could not invite: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`Invite people to “${report.name}”`} onClose={onClose}>
      {invitation ? (
        <StoredInvitation invitation={invitation} onClose={onClose} />
      ) : (
        <form className="report-dialog" onSubmit={(event) => void submit(event)} noValidate data-testid="invite-form">
          <label className="field">
            <span className="field__label">E-mail addresses</span>
            <textarea
              className="field__input"
              rows={3}
              value={typed}
              placeholder="ann@example.com, bo@example.org"
              onChange={(event) => setTyped(event.target.value)}
              disabled={busy}
            />
            <span className="field__hint">Separate them with commas, spaces or new lines.</span>
          </label>
          <label className="field">
            <span className="field__label">Description</span>
            <textarea
              className="field__input"
              rows={3}
              value={description}
              maxLength={DESCRIPTION_MAX}
              placeholder="What the report is about, why you share it"
              onChange={(event) => setDescription(event.target.value)}
              disabled={busy}
            />
          </label>
          {(tried || parsed.invalid.length > 0) && problem && (
            <p className="form__error" role="alert">
              {problem}
            </p>
          )}
          {failure && (
            <p className="form__error" role="alert">
              {failure}
            </p>
          )}
          <div className="report-dialog__actions">
            <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Inviting…' : parsed.emails.length > 1 ? `Invite ${parsed.emails.length} people` : 'Invite'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** What the server stored: the addresses (lower-cased, without repeats), the description and when. */
export function StoredInvitation({ invitation, onClose }: { invitation: ReportInvitation; onClose(): void }) {
  return (
    <div className="report-dialog" data-testid="stored-invitation">
      <p>
        Invitation stored {storedAt.format(new Date(invitation.createdAt))} for {invitation.emails.length} {invitation.emails.length === 1 ? 'address' : 'addresses'}:
      </p>
      <ul className="report-invitation__emails">
        {invitation.emails.map((email) => (
          <li key={email}>{email}</li>
        ))}
      </ul>
      {invitation.description ? <p className="report-invitation__description">“{invitation.description}”</p> : <p className="field__hint">No description.</p>}
      <p className="field__hint">This server sends no e-mail yet: send the report’s link to them yourself.</p>
      <div className="report-dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
