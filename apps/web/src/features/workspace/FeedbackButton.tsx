// The top bar's "Send feedback": opens the feedback dialog for the signed-in user.
import { useState } from 'react';
import type { User } from '@atlas/domain';
import { FeedbackDialog } from './FeedbackDialog';

export function FeedbackButton({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Send feedback
      </button>
      {open && <FeedbackDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}
