// "Send feedback" (docs/error-reports.md): comments (required), and a name and address to answer, filled in with the
// account's and free to change or clear. The page's address goes along, and the last error this page reported, so
// administrators can tell what the user saw. Stored for the console (Administration → Feedback).
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { User, UserFeedbackCreate } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { lastErrorEventId } from '../../api/errorReports';
import { Modal } from '../sharing';

export const COMMENTS_MAX = 5000;

/** The body as the server takes it: blank optional fields left out rather than sent empty. */
export function feedbackBody(values: { comments: string; name: string; email: string }, url: string, eventId: string | undefined): UserFeedbackCreate {
  const name = values.name.trim();
  const email = values.email.trim();
  return { comments: values.comments.trim(), ...(name && { name }), ...(email && { email }), url, ...(eventId && { eventId }) };
}

export function FeedbackDialog({ user, onClose }: { user: User; onClose(): void }) {
  const client = useApiClient();
  const formId = useId();
  const [comments, setComments] = useState('');
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const send = useMutation({ mutationFn: (body: UserFeedbackCreate) => client.feedback.send(body) });
  const blank = comments.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank) send.mutate(feedbackBody({ comments, name, email }, window.location.href, lastErrorEventId()));
  };

  if (send.isSuccess) {
    return (
      <Modal
        title="Feedback sent"
        onClose={onClose}
        footer={
          <button type="button" className="button button--primary" onClick={onClose} autoFocus>
            Done
          </button>
        }
      >
        <p role="status">Thank you. The administrators of the studio read every feedback.</p>
      </Modal>
    );
  }
  return (
    <Modal
      title="Send feedback"
      onClose={send.isPending ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={send.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={blank || send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">What happened, or what would help you?</span>
          <textarea className="field__input" rows={5} value={comments} maxLength={COMMENTS_MAX} required autoFocus onChange={(event) => setComments(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Name (optional)</span>
          <input className="field__input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">E-mail for an answer (optional)</span>
          <input className="field__input" type="email" value={email} maxLength={320} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <p className="field__hint">The address of this page is sent along.</p>
        {send.isError && (
          <p className="form__error" role="alert">
            {errorText(send.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
