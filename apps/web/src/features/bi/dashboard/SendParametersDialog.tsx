import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { BI_DESCRIPTION_MAX_LENGTH, SHARED_PARAMETERS_INVITE_MAX_EMAILS, type AnalyticSetId } from '@atlas/domain';
import { useApiClient } from '../../../api/ApiClientContext';
import { errorText } from '../../../api/errors';
import { Modal, parseEmails } from '../../sharing';

/** Stores the current query-bar values as shared parameters (POST /v1/bi/shared-parameters) and invites e-mails to them. */
export function SendParametersDialog({ setId, values, onClose }: { setId: AnalyticSetId; values: Record<string, unknown>; onClose(): void }) {
  const client = useApiClient();
  const [emailText, setEmailText] = useState('');
  const [description, setDescription] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (emails: string[]) => {
      const shared = await client.bi.sharedParameters.create({ templateGroupId: setId, values, description });
      const invitations = await client.bi.sharedParameters.invite(shared.id, { emails, description });
      return { shared, emails: invitations.items.map((item) => item.email) };
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { emails, invalid } = parseEmails(emailText);
    if (invalid.length) return setFormError(`Not an e-mail address: ${invalid.join(', ')}`);
    if (!emails.length) return setFormError('Enter at least one e-mail address');
    if (emails.length > SHARED_PARAMETERS_INVITE_MAX_EMAILS) return setFormError(`At most ${SHARED_PARAMETERS_INVITE_MAX_EMAILS} addresses at a time`);
    setFormError(null);
    send.mutate(emails);
  };

  if (send.data) {
    return (
      <Modal title="Parameters sent" onClose={onClose} footer={<button type="button" className="button button--primary" onClick={onClose}>Done</button>}>
        <p role="status">
          The current filters are shared with <strong>{send.data.emails.join(', ')}</strong>.
        </p>
        <p className="field__hint">
          Reference <code>{send.data.shared.id}</code>. The studio stores the invitation; it sends no e-mail, so let them know.
        </p>
      </Modal>
    );
  }

  return (
    <Modal title="Send parameters" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">E-mails</span>
          <textarea
            className="field__input"
            value={emailText}
            onChange={(event) => setEmailText(event.target.value)}
            placeholder="ana@company.com, ben@company.com"
            aria-label="E-mails"
            autoFocus
          />
          <span className="field__hint">Separate addresses with commas or new lines.</span>
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea
            className="field__input"
            value={description}
            maxLength={BI_DESCRIPTION_MAX_LENGTH}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="What these filters show"
            aria-label="Description"
          />
        </label>
        {(formError || send.isError) && (
          <p className="form__error" role="alert">
            {formError ?? errorText(send.error)}
          </p>
        )}
        <div className="bi-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
