// The frame of the import and export dialogs: their choices, the job's progress while it runs, why it failed, and
// Cancel beside the action.
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import type { TransferProgress } from './transfer';
import './kepler-config.css';

export interface TransferDialogProps {
  title: string;
  actionLabel: string;
  /** The choices are complete: the action may start. */
  ready: boolean;
  job: { isPending: boolean; isError: boolean; error: unknown; mutate(): void };
  progress: TransferProgress | null;
  onClose(): void;
  children: ReactNode;
}

export function TransferDialog({ title, actionLabel, ready, job, progress, onClose, children }: TransferDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={job.isPending}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={!ready || job.isPending} onClick={() => job.mutate()}>
            {actionLabel}
          </button>
        </>
      }
    >
      {children}
      {job.isPending && progress && (
        <div className="transfer-bar" role="status" aria-live="polite">
          <progress max={progress.total} value={progress.done} aria-label={progress.label} />
          <span>{progress.label}</span>
        </div>
      )}
      {job.isError && (
        <p className="form__error" role="alert">
          {errorText(job.error)}
        </p>
      )}
    </Modal>
  );
}
