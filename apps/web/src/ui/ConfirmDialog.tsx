import type { ReactNode } from 'react';
import { Modal } from '../features/sharing/Modal';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, and what cannot be undone. */
  children: ReactNode;
  confirmLabel: string;
  /** A destructive action (delete): the confirm button reads as a warning. */
  danger?: boolean;
  /** The action is running: both buttons wait. */
  busy?: boolean;
  /** Why the action failed ("message (details)"), shown above the buttons. */
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before an action (delete, replace …). Mounted means open, like Modal. */
export function ConfirmDialog({ title, children, confirmLabel, danger = false, busy = false, error = null, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={busy ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-dialog__text">{children}</div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
